import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useId,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Where focus goes when the dialog closes, when its opener is gone (a menu item): the menu's button. */
  returnFocusTo?: () => HTMLElement | null;
};

const CloseContext = createContext<() => void>(() => undefined);

/**
 * A modal dialog on the browser's own <dialog> and showModal(): the page behind is inert, Escape
 * closes, focus moves in and returns to the opener, and the dialog sits in the top layer, above
 * everything fixed on the page (the assistant's button). It replaced Radix's dialog, whose scroll
 * lock injects a <style> element that the CSP (style-src 'self') refuses; the scroll lock is now a
 * rule in styles.css (`html:has(dialog:modal)`).
 */
export function Dialog({ open, ...props }: DialogProps) {
  // Mounted only while open: closing removes it from the top layer, and no state outlives it.
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onOpenChange,
  title,
  description,
  children,
  returnFocusTo,
}: Omit<DialogProps, "open">) {
  const titleId = useId();
  const descriptionId = useId();
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const ref = useCallback(
    (dialog: HTMLDialogElement | null) => {
      if (!dialog) return;
      const opener = document.activeElement;
      // jsdom has no showModal: there the dialog is simply open.
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
      // React's autoFocus runs before the dialog is shown (it cannot focus then): do it now.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      return () => {
        if (dialog.open && typeof dialog.close === "function") dialog.close();
        const back =
          opener instanceof HTMLElement && opener.isConnected ? opener : returnFocusTo?.();
        back?.focus();
      };
    },
    // Runs once per opening; the callbacks are read when it closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape: the state closes it (React unmounts it), not the browser behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      // A click on the backdrop lands on the <dialog> itself (its content fills the box).
      onClick={(event: MouseEvent<HTMLDialogElement>) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-2 text-slate-600">
            {description}
          </p>
        ) : null}
        <CloseContext value={close}>{children}</CloseContext>
      </div>
    </dialog>
  );
}

/** Closes the dialog it sits in: wraps one button (`asChild`, as the Radix version did). */
export function DialogClose({
  children,
}: {
  asChild?: true;
  children: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
}) {
  const close = useContext(CloseContext);
  return cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      close();
    },
  });
}
