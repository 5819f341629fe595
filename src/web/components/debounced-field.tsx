import { controlStyles } from "#web/components/ui/field.tsx";
import { useCallback, useRef, useState } from "react";

type Props = {
  id: string;
  label: string;
  value: string;
  onCommit: (value: string) => void;
  type?: "search" | "text" | "number";
  placeholder?: string;
};

const DELAY_MS = 300;

/** A text field that writes to the URL after a short pause, so typing does not flood the history. */
export function DebouncedField({ id, label, value, onCommit, type = "text", placeholder }: Props) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A pending write must not fire after the page is left (it would navigate back to the list).
  const cancelOnUnmount = useCallback(() => () => clearTimeout(timer.current), []);
  // The URL changed under us (Clear Filters, back button): show the new value.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next !== value) onCommit(next);
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={cancelOnUnmount}
        id={id}
        type={type}
        value={draft}
        placeholder={placeholder}
        inputMode={type === "number" ? "decimal" : undefined}
        min={type === "number" ? 0 : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next), DELAY_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit(draft);
        }}
        onBlur={() => commit(draft)}
        className={controlStyles}
      />
    </div>
  );
}
