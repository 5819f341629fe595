import { useEffect, useRef } from "react";
import type { Stay, StayInput } from "#shared/schemas/trip-stops.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { LOAD_ALTERNATIVES_FAILED, useStayAlternatives } from "../api/get-stay-alternatives.ts";
import { StayPlanDetails } from "../stops/stops-overview.tsx";
import { formatStayDates } from "../stops/stops-format.ts";

/** A candidate as the trip keeps it: in the replaced stay's place (its id, its city). */
export function replacementStay(stay: Stay, candidate: StayInput): Stay {
  return {
    ...stay,
    // Only what the candidate says: the replaced stay's price, kind or reasons never linger.
    kind: undefined,
    nights: undefined,
    rooms: undefined,
    pricePerNight: undefined,
    totalPrice: undefined,
    why: undefined,
    planned: undefined,
    estimated: undefined,
    ...candidate,
    id: stay.id,
    stopIndex: stay.stopIndex,
    address: candidate.address ?? null,
    lat: candidate.lat ?? null,
    lng: candidate.lng ?? null,
    osmId: candidate.osmId ?? null,
    reference: candidate.reference ?? null,
  };
}

/**
 * Replace: three other places that meet the party's needs for this stay's nights (asked from the
 * server each time it opens); choosing one puts it in this stay's place through the editor's
 * versioned save. Escape or Cancel closes it and gives the keyboard back.
 */
export function StayAlternatives({
  tripId,
  stay,
  onChoose,
  onClose,
}: {
  tripId: string;
  stay: Stay;
  onChoose: (replacement: Stay) => void;
  onClose: () => void;
}) {
  const alternatives = useStayAlternatives(tripId, stay.id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={`replace-${stay.id}`}
      className="border-brand-600 flex flex-col gap-2 rounded-lg border bg-white p-3"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <h3
        id={`replace-${stay.id}`}
        ref={heading}
        tabIndex={-1}
        className="font-semibold break-words"
      >
        Other places instead of {stay.name}
      </h3>
      {alternatives.isPending ? <p role="status">Loading...</p> : null}
      {alternatives.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
          <span>{getErrorMessage(alternatives.error, LOAD_ALTERNATIVES_FAILED)}</span>
          <Button size="sm" variant="secondary" onClick={() => void alternatives.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {alternatives.data?.length === 0 ? (
        <p className="text-sm text-slate-700">No other place meets these needs for these nights.</p>
      ) : null}
      {alternatives.data && alternatives.data.length > 0 ? (
        <ul aria-label={`Instead of ${stay.name}`} className="flex flex-col gap-2">
          {alternatives.data.map((candidate, index) => {
            const shown = replacementStay(stay, candidate);
            return (
              <li
                key={`${candidate.name}-${index}`}
                className="rounded-md bg-slate-50 p-2 text-sm"
                data-testid="stay-alternative"
              >
                <p className="font-medium break-words">{shown.name}</p>
                {shown.address ? (
                  <p className="break-words text-slate-700">{shown.address}</p>
                ) : null}
                <p className="text-slate-700">{formatStayDates(shown)}</p>
                <StayPlanDetails stay={shown} />
                <Button
                  size="sm"
                  className="mt-1"
                  aria-label={`Choose ${shown.name}`}
                  onClick={() => onChoose(shown)}
                >
                  Choose
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button size="sm" variant="secondary" className="self-start" onClick={onClose}>
        Cancel
      </Button>
    </section>
  );
}
