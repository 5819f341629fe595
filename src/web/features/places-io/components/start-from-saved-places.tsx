import { lazy, Suspense, useId, useState } from "react";
import { flushSync } from "react-dom";
import { Button } from "#web/components/ui/button.tsx";

// The panel (with the shared schemas and the form) comes when opened, not with Home.
const NewTripPlacesPanel = lazy(async () => ({
  default: (await import("./new-trip-places-panel.tsx")).NewTripPlacesPanel,
}));

/**
 * "Start from saved places" on Home, for signed-in visitors: the button, and in its place the panel
 * it opens. Closing gives the keyboard back to the button.
 */
export function StartFromSavedPlaces() {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const close = () => {
    flushSync(() => setOpen(false));
    document.getElementById(buttonId)?.focus();
  };
  return (
    <div className="mt-6 flex flex-col gap-2">
      <p className="text-slate-700">
        Saved places in Google Maps, My Maps or a GPS? Start a trip from them.
      </p>
      {open ? (
        <Suspense fallback={<p role="status">Loading...</p>}>
          <NewTripPlacesPanel onClose={close} />
        </Suspense>
      ) : (
        <Button
          id={buttonId}
          size="sm"
          variant="secondary"
          className="self-start"
          onClick={() => setOpen(true)}
        >
          Start from saved places
        </Button>
      )}
    </div>
  );
}
