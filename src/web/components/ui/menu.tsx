import * as RadixMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import { buttonStyles, type ButtonVariant } from "./button.tsx";
import { ChevronDownIcon } from "./icons.tsx";

export type MenuItem = {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
};

/**
 * A menu button (Radix: arrow keys, typeahead, Escape, focus back to the trigger).
 * Import it only from lazily loaded pages: it keeps Radix out of the first view of `/`.
 */
export function Menu({
  label,
  items,
  variant = "secondary",
}: {
  label: ReactNode;
  items: readonly MenuItem[];
  variant?: ButtonVariant;
}) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger
        className={`${buttonStyles({ variant, size: "sm" })} inline-flex items-center gap-1`}
      >
        {label}
        <ChevronDownIcon />
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items.map((item) => (
            <RadixMenu.Item
              key={item.label}
              disabled={item.disabled}
              onSelect={item.onSelect}
              className={`cursor-pointer rounded px-3 py-2 text-sm outline-none data-disabled:opacity-50 data-highlighted:bg-slate-100 ${item.danger ? "text-red-800" : "text-slate-800"}`}
            >
              {item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
