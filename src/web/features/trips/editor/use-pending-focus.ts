import { useCallback, useEffect, useRef, useState } from "react";

type FocusRequest = {
  /** Tells one request from the next, even for the same element. */
  readonly token: number;
  /** The id of the element that should have keyboard focus. */
  elementId: string;
  /** True while the save behind it runs: its optimistic change or the saved copy may still move it. */
  saving: boolean;
  /** True once the element has had focus. */
  landed: boolean;
};

const lost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Where keyboard focus goes after a save, cancel or removal, kept until it has landed for good.
 *
 * Focus cannot simply be moved when the save resolves. The element may not be mounted yet: a new
 * activity gets its id from the server, and the saved copy reaches the list a moment after the save
 * resolves (TanStack Query tells its observers on a later task), so the card with the final id
 * mounts later still. And while the save runs, the optimistic change moves the card (a new time puts
 * it in its place), and moving a focused element drops focus to the page body. So the request is
 * checked after every render: focus is given once the element exists, given back if it fell to the
 * body while the save runs, and the request ends only when the save has finished and it has landed.
 * Focus the traveller moved somewhere else on purpose is left alone.
 */
export function usePendingFocus() {
  // A ref, not state: it is checked (and ended) after every render, which setting state would redo.
  const request = useRef<FocusRequest | null>(null);
  const tokens = useRef(0);
  // A render to check the request in, when nothing else would render the day.
  const [, rerender] = useState(0);

  useEffect(() => {
    const pending = request.current;
    if (!pending) return;
    const target = document.getElementById(pending.elementId);
    // Not mounted yet (with its final id): a later render brings it.
    if (!target) return;
    if (document.activeElement !== target && (!pending.landed || lost())) target.focus();
    const has = document.activeElement === target;
    if (!pending.saving && (has || pending.landed)) request.current = null;
    else if (has) pending.landed = true;
  });

  /** Focus `elementId` now; after `save` settles, the element its result names, if one is given. */
  const focusAfter = useCallback(
    <T>(elementId: string, save?: Promise<T>, settledOn?: (result: T) => string) => {
      const token = ++tokens.current;
      request.current = { token, elementId, saving: Boolean(save), landed: false };
      rerender((n) => n + 1);
      void save?.then((result) => {
        const now = request.current;
        // A newer request (another edit, cancel or removal) wins.
        if (now?.token !== token) return;
        const next = settledOn?.(result) ?? elementId;
        request.current = {
          token,
          elementId: next,
          saving: false,
          landed: next === now.elementId && now.landed,
        };
        rerender((n) => n + 1);
      });
    },
    [],
  );

  const clear = useCallback(() => {
    request.current = null;
  }, []);
  return { focusAfter, clear };
}
