import { useEffect } from "react";
import { TRIP_CONFLICT_MESSAGE } from "#shared/constants.ts";
import { Button } from "#web/components/ui/button.tsx";
import { waitingText } from "./offline-queue.ts";
import type { TripEditor } from "./use-trip-editor.ts";

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/** Undo/redo (buttons and Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z), the saving state, and what went wrong. */
export function EditorToolbar({ editor }: { editor: TripEditor }) {
  const { undo, redo } = editor;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Inside a text field the browser's own text undo is what people expect.
      if (
        event.key.toLowerCase() !== "z" ||
        !(event.ctrlKey || event.metaKey) ||
        typingIn(event.target)
      )
        return;
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const shortcut = isMac() ? "⌘" : "Ctrl+";
  const statusText =
    editor.status === "waiting"
      ? waitingText(editor.waiting)
      : editor.status === "saving"
        ? "Saving…"
        : editor.status === "saved"
          ? "All changes saved"
          : editor.status === "error"
            ? "Not saved"
            : "";
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={undo}
          disabled={!editor.canUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
          title={editor.undoLabel ? `Undo ${editor.undoLabel} (${shortcut}Z)` : undefined}
        >
          Undo
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={redo}
          disabled={!editor.canRedo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
          title={editor.redoLabel ? `Redo ${editor.redoLabel} (Shift+${shortcut}Z)` : undefined}
        >
          Redo
        </Button>
        <p role="status" aria-live="polite" className="min-w-24 text-sm text-slate-700">
          {statusText}
        </p>
      </div>
      {editor.failure ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          Your last change was not saved and has been undone: {editor.failure}
        </p>
      ) : null}
      {editor.conflict ? (
        <div role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm">
          <p className="font-semibold">{TRIP_CONFLICT_MESSAGE}</p>
          <p className="mt-1">
            You are now seeing the latest saved version (version {editor.conflict.latest.version}).
            Your change “{editor.conflict.change.label}” was not saved.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" onClick={editor.reapply}>
              Reapply my change
            </Button>
            <Button variant="secondary" size="sm" onClick={editor.dismissConflict}>
              Keep the latest version
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
