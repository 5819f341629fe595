import type { ComponentProps } from "react";
import { controlStyles, Field, type FieldProps } from "./field.tsx";

type SelectFieldProps = Omit<ComponentProps<"select">, "className"> &
  FieldProps & { options: readonly { value: string; label: string }[] };

/** A labelled native <select>: the platform's own keyboard and screen-reader behaviour. */
export function SelectField({
  label,
  error,
  hint,
  hideLabel,
  className,
  options,
  ...select
}: SelectFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className={className}
      describedBy={select["aria-describedby"]}
    >
      {(control) => (
        <select className={controlStyles} {...select} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
