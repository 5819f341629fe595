import { useState } from "react";
import type { Day } from "#shared/schemas/itinerary.ts";
import type { DayOrderResponse } from "#shared/schemas/day-order.ts";
import { TRIP_CONFLICT_MESSAGE } from "#shared/constants.ts";
import { DayDiffCard } from "#web/components/day-diff-card.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { ORDER_DAY_FAILED, useOrderDay } from "../api/order-day.ts";
import { replaceDays } from "./editable-trip.ts";
import type { TripEditor } from "./use-trip-editor.ts";

type Notice = { kind: "error" | "info"; text: string } | null;

/**
 * "Order this day" (issue 46): the server's order of the day that travels least, with every place
 * open when it is reached and meals in their windows, shown as the same previewed change as a
 * regenerated day. Accept saves it through the versioned PATCH (a companion's change meanwhile is
 * merged); Discard, or a day already in its best order, changes nothing.
 */
export function OrderDayPanel({
  tripId,
  day,
  title,
  editor,
}: {
  tripId: string;
  day: Day;
  title: string;
  editor: TripEditor;
}) {
  const ordering = useOrderDay(tripId, day.date);
  const [answer, setAnswer] = useState<DayOrderResponse | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [accepting, setAccepting] = useState(false);

  const close = () => {
    setAnswer(null);
    setNotice(null);
    ordering.reset();
  };
  const accept = async (proposal: DayOrderResponse) => {
    setAccepting(true);
    const result = await editor.save(
      replaceDays([proposal.proposal], "Order this day"),
      "proposal",
      proposal.version,
    );
    setAccepting(false);
    if (result.status === "saved" || result.status === "queued") close();
    else if (result.status === "conflict")
      setNotice({
        kind: "error",
        text: `${TRIP_CONFLICT_MESSAGE}. Nothing was overwritten; order the day again for the latest version.`,
      });
    else if (result.status === "error") setNotice({ kind: "error", text: result.message });
  };

  // Beside "Regenerate day" as a button; its answer takes the whole row.
  if (answer?.outcome === "reordered")
    return (
      <div className="basis-full">
        <DayDiffCard
          heading={`Proposed order for ${title}`}
          summary={answer.message}
          days={[
            { date: day.date, title, before: day.activities, after: answer.proposal.activities },
          ]}
          busy={accepting}
          notice={notice}
          onAccept={() => void accept(answer)}
          onDiscard={close}
        />
      </div>
    );
  if (answer)
    return (
      <div className="flex basis-full flex-wrap items-center gap-2 rounded-md bg-slate-50 p-2 text-sm">
        <p role="status">{answer.message}</p>
        <Button variant="secondary" size="sm" onClick={close}>
          OK
        </Button>
      </div>
    );
  // One visit has no order to choose.
  if (day.activities.length < 2) return null;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="self-start shadow-sm"
        disabled={ordering.isPending}
        onClick={() => ordering.mutate(undefined, { onSuccess: setAnswer })}
      >
        {ordering.isPending ? "Working out the order..." : "Order this day"}
      </Button>
      {ordering.isError ? (
        <p role="alert" className="basis-full text-sm text-red-800">
          {getErrorMessage(ordering.error, ORDER_DAY_FAILED)}
        </p>
      ) : null}
    </>
  );
}
