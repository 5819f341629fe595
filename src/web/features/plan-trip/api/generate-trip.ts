import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { GenerateOptions } from "./generate-trip-stream.ts";

export type { GenerationProgressEvent } from "./generate-trip-stream.ts";

/**
 * The stream's reader (generate-trip-stream.ts, with the SSE parser) is fetched with the first
 * submit, not with the Home page that every first-time visitor loads: call `preloadGeneration` when
 * the form is first used, so it is there by then.
 */
const loadStream = () => import("./generate-trip-stream.ts");
export const preloadGeneration = () => void loadStream().catch(() => undefined);

export function useGenerateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, ...options }: GenerateOptions & { request: TripRequest }) =>
      (await loadStream()).generateTrip(request, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["trips"] }),
  });
}
