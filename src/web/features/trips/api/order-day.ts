import { useMutation } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const dayOrderResponseSchema = lazySchema(
  async () => (await import("#shared/schemas/day-order.ts")).dayOrderResponseSchema,
);

export const ORDER_DAY_FAILED = "Failed to work out the day's order";

/** The day in the order that travels least (issue 46); nothing is saved until it is accepted. */
export const orderDay = (id: string, date: string) =>
  apiRequest(`/trips/${encodeURIComponent(id)}/days/${date}/order`, {
    method: "POST",
    schema: dayOrderResponseSchema,
    fallbackError: ORDER_DAY_FAILED,
  });

export const useOrderDay = (id: string, date: string) =>
  useMutation({ mutationFn: () => orderDay(id, date) });
