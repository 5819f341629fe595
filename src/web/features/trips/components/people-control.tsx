import { useId, useState, type ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";

/**
 * The trip's people and invitations behind one compact button (issue 44: the plan comes first): the
 * panel opens below the trip's header when asked for, and is mounted only while open.
 */
export function usePeopleControl(panel: ReactNode) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!panel) return { button: null, panel: null };
  return {
    button: (
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        People
      </Button>
    ),
    panel: open ? (
      <div id={id} className="flex flex-col gap-2">
        {panel}
        <Button variant="secondary" size="sm" className="w-fit" onClick={() => setOpen(false)}>
          Close people
        </Button>
      </div>
    ) : null,
  };
}

export type PeopleControl = ReturnType<typeof usePeopleControl>;
