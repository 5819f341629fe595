import { useId, useState } from "react";
import { formatDayLabel } from "#shared/format.ts";
import type { Idea } from "#shared/schemas/ideas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { ApiRequestError, getErrorMessage } from "#web/lib/api-client.ts";
import { PLAN_IDEA_FAILED, usePlanIdea } from "../api/plan-idea.ts";
import type { IdeasTrip } from "../ideas-trip.ts";

/**
 * "Add to day…": the day (and a time, else after the day's last activity); the idea becomes an
 * activity of that day through the plan's own save, and is marked planned.
 */
export function PlanIdea({ idea, trip }: { idea: Idea; trip: IdeasTrip }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const days = trip.itinerary.days;
  const [date, setDate] = useState(idea.plannedDate ?? days[0]?.date ?? "");
  const [time, setTime] = useState("");
  const [error, setError] = useState<{ field: "date" | "time" | null; message: string } | null>(
    null,
  );
  const plan = usePlanIdea(trip.id);

  const submit = async () => {
    setError(null);
    try {
      await plan.mutateAsync({ ideaId: idea.id, date, ...(time ? { time } : {}) });
      setOpen(false);
    } catch (failure) {
      const issue = failure instanceof ApiRequestError ? failure.issues[0] : undefined;
      const field = issue?.path === "date" || issue?.path === "time" ? issue.path : null;
      setError({ field, message: issue?.message ?? getErrorMessage(failure, PLAN_IDEA_FAILED) });
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Add to day…
      </Button>
      <div id={panelId} hidden={!open} className="flex flex-wrap items-end gap-2">
        {open ? (
          <>
            <SelectField
              label={`Day for ${idea.title}`}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={error?.field === "date" ? error.message : undefined}
              options={days.map((d, i) => ({
                value: d.date,
                label: `Day ${i + 1} · ${formatDayLabel(d.date)}`,
              }))}
            />
            <TextField
              label="Time (optional)"
              type="time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              error={error?.field === "time" ? error.message : undefined}
            />
            <Button size="sm" disabled={plan.isPending || !date} onClick={() => void submit()}>
              {plan.isPending ? "Adding..." : "Add"}
            </Button>
            {error && error.field === null ? (
              <p role="alert" className="w-full text-sm text-red-700">
                {error.message}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
