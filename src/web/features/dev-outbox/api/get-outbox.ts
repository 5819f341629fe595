import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "#web/lib/api-client.ts";

const outboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      sentAt: z.string(),
    }),
  ),
});
export type OutboxMessage = z.infer<typeof outboxSchema>["messages"][number];

export const getOutbox = () =>
  apiRequest("/dev/outbox", { schema: outboxSchema, fallbackError: "Failed to load the outbox" });

export const getOutboxQueryOptions = () =>
  queryOptions({ queryKey: ["dev-outbox"], queryFn: getOutbox, staleTime: 0 });

export const useOutbox = () => useQuery({ ...getOutboxQueryOptions(), refetchInterval: 5_000 });
