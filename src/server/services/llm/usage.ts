export type ModelUsage = { calls: number; promptTokens: number; completionTokens: number };

/** Shared by every call of one task: usage totals and whether the provider refused json_schema. */
export type CallState = { usage: ModelUsage; jsonSchemaRejected: boolean };

export const newCallState = (): CallState => ({
  usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
  jsonSchemaRejected: false,
});
