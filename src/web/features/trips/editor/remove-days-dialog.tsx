import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogClose } from "#web/components/ui/dialog.tsx";

/** What an edit would drop: its days and the activities on them. */
export type DroppedDays = { days: number; activities: number };

// Shorter dates drop the trip's last days; fewer nights in a city drop that city's days.
const TEXTS = {
  dates: {
    title: "Shorten the trip?",
    confirm: "Shorten trip",
    days: (days: number) => (days === 1 ? "The last day" : `The last ${days} days`),
  },
  cities: {
    title: "Remove days?",
    confirm: "Remove days",
    days: (days: number) => (days === 1 ? "1 day" : `${days} days`),
  },
} as const;

/**
 * Asks before an edit of the trip details (`dates`) or of its cities (`cities`) removes days,
 * naming how many and the activities on them. Open while `dropped` is set; Keep all days closes.
 */
export function RemoveDaysDialog({
  edit,
  dropped,
  onConfirm,
  onClose,
}: {
  edit: keyof typeof TEXTS;
  dropped: DroppedDays | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const texts = TEXTS[edit];
  return (
    <Dialog
      open={dropped !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={texts.title}
      description={
        dropped
          ? `${texts.days(dropped.days)} and ${dropped.activities} ${dropped.activities === 1 ? "activity" : "activities"} on ${dropped.days === 1 ? "it" : "them"} will be removed.`
          : ""
      }
    >
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">Keep all days</Button>
        </DialogClose>
        <Button
          variant="destructive"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {texts.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
