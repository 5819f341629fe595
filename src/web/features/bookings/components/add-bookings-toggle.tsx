import { useId, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Button } from "#web/components/ui/button.tsx";

/**
 * The "Add bookings" button, and in its place the panel it opens (the trip page's and Home's).
 * Closing gives the keyboard back to the button that opened the panel.
 */
export function AddBookingsToggle({
  className = "self-start",
  renderPanel,
}: {
  className?: string;
  renderPanel: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // Found by id when closing, not held in a ref: `close` is handed to the panel while rendering.
  const buttonId = useId();
  const close = () => {
    flushSync(() => setOpen(false));
    document.getElementById(buttonId)?.focus();
  };
  if (open) return renderPanel(close);
  return (
    <Button
      id={buttonId}
      size="sm"
      variant="secondary"
      className={className}
      onClick={() => setOpen(true)}
    >
      Add bookings
    </Button>
  );
}
