import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Button } from "#web/components/ui/button.tsx";

/**
 * The "Add bookings" button, and in its place the panel it opens (the trip page's and Home's).
 * Closing gives the keyboard back to the button that opened the panel.
 */
export function AddBookingsToggle({
  className = "self-start",
  renderPanel,
  openRequest,
}: {
  className?: string;
  renderPanel: (close: () => void) => ReactNode;
  /** A new value opens the panel and scrolls it into view (another part of the page asked). */
  openRequest?: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const asked = useRef(openRequest);
  useEffect(() => {
    if (openRequest === asked.current) return;
    asked.current = openRequest;
    setOpen(true);
  }, [openRequest]);
  // Brought into view with the keyboard in it when another part of the page opened it.
  useEffect(() => {
    if (!open || !openRequest) return;
    panel.current?.scrollIntoView({ block: "start" });
    panel.current?.querySelector<HTMLElement>("button, input, textarea, [tabindex]")?.focus();
  }, [open, openRequest]);
  // Found by id when closing, not held in a ref: `close` is handed to the panel while rendering.
  const buttonId = useId();
  const close = () => {
    flushSync(() => setOpen(false));
    document.getElementById(buttonId)?.focus();
  };
  if (open) return <div ref={panel}>{renderPanel(close)}</div>;
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
