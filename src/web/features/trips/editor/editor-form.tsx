import type { ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";

/** What a save of an editor form came to: closed (saved or kept offline), a 409, or refused. */
export type FormSaveResult = "done" | "conflict" | "failed";

/**
 * What an editor form is given: the thing it edits (as the trip holds it now), its title and button,
 * and what to do with the fields changed (and the whole thing, for a new one): done closes the form,
 * a 409 or a refusal leaves it open with what was typed.
 */
export type EditorFormProps<T> = {
  initial: T;
  title: string;
  submitLabel: string;
  onSave: (changed: Partial<T>, whole: T) => Promise<FormSaveResult>;
  onCancel: () => void;
};

/**
 * The trip editor's form shell (activity, journey, stay): named by its title, checked by our
 * schemas rather than the browser's bubbles, Escape cancels, and Save and Cancel close the grid.
 * `layout` is the padding and columns of the grid; `actions` false hides the buttons where the
 * form offers its own choices instead (an activity removed by someone else).
 */
export function EditorForm({
  title,
  submitLabel,
  onSubmit,
  onCancel,
  layout,
  actions = true,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  layout: string;
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
      className={`border-brand-600 grid gap-3 rounded-lg border bg-white ${layout}`}
    >
      {children}
      {actions ? (
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
          <Button type="submit" size="sm">
            {submitLabel}
          </Button>
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      ) : null}
    </form>
  );
}
