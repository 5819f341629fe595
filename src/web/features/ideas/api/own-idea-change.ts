import { useMutation, useQueryClient } from "@tanstack/react-query";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

/**
 * A change this tab makes to the trip's ideas or polls: the lists are read again, and the live
 * stream's echo (`echoes` of them: planning says it twice) is not announced back to its maker.
 */
export function useOwnIdeaChange<TInput, TOutput>(
  tripId: string,
  what: string,
  run: (input: TInput) => Promise<TOutput>,
  echoes = 1,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, what),
    mutationFn: run,
    onSuccess: () => {
      for (let n = 0; n < echoes; n++) expectOwnChange(tripId);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) }),
  });
}
