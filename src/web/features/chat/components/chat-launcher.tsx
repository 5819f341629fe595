import type { Ref } from "react";
import { useHydrated } from "#web/lib/hydrated.tsx";

type Props = {
  onOpen: () => void;
  /** Fetches the assistant's code ahead of a likely click (hover, focus, touch). */
  onIntent?: () => void;
  /** The assistant's code is on its way after a click. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/** The round button that opens the assistant: the same before and after the assistant's code is in. */
export function ChatLauncher({ onOpen, onIntent, busy = false, ref }: Props) {
  // On a prerendered page the button shows before React handles it: until then a click would be lost.
  const hydrated = useHydrated();
  return (
    <button
      ref={ref}
      type="button"
      disabled={!hydrated}
      onClick={onOpen}
      aria-busy={busy}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
      aria-label="Open Boundless Assistant"
      className="bg-brand-700 hover:bg-brand-800 focus-visible:ring-brand-600 fixed right-3 bottom-3 z-40 flex h-12 w-12 items-center justify-center rounded-full text-2xl text-white shadow-lg focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none sm:right-6 sm:bottom-6 sm:h-14 sm:w-14"
    >
      {/* An inline icon: emoji fonts are missing on many systems and would show a blank box. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-7 w-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.4A8 8 0 1 1 21 12z" />
        <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
      </svg>
    </button>
  );
}
