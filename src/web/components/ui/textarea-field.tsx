import type { ComponentProps } from "react";
import { controlStyles, Field, type FieldProps } from "./field.tsx";

type TextareaFieldProps = Omit<ComponentProps<"textarea">, "className"> & FieldProps;

/** A labelled <textarea>, wired like TextField. */
export function TextareaField({
  label,
  error,
  hint,
  hideLabel,
  className,
  ...textarea
}: TextareaFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className={className}
      describedBy={textarea["aria-describedby"]}
    >
      {(control) => <textarea rows={3} className={controlStyles} {...textarea} {...control} />}
    </Field>
  );
}
