import { MESSAGES } from "#shared/messages.ts";

/** 'Failed to load trip' with a retry, for the owner's and the public view alike. */
export function TripLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
      <h1 className="text-xl font-semibold">{MESSAGES.loadTripFailed}</h1>
      <button
        type="button"
        onClick={onRetry}
        className="bg-brand-700 mt-3 rounded-md px-4 py-2 font-medium text-white"
      >
        Try again
      </button>
    </div>
  );
}
