import * as RadixMenu from "@radix-ui/react-dropdown-menu";
import { useRef, type ReactNode, type Ref } from "react";
import { buttonStyles, type ButtonVariant } from "./button.tsx";
import { ChevronDownIcon } from "./icons.tsx";

export type MenuItem = {
  label: string;
  /** What the item does; or `href`, for an item that is a link (a download, for one). */
  onSelect?: () => void;
  href?: string;
  download?: boolean;
  danger?: boolean;
  disabled?: boolean;
  /** The item moves focus itself (into a form it shows): the menu does not give it back to its button. */
  movesFocus?: boolean;
};

/**
 * A menu button (Radix: arrow keys, typeahead, Escape, focus back to the trigger).
 * Import it only from lazily loaded pages: it keeps Radix out of the first view of `/`.
 */
export function Menu({
  label,
  items,
  variant = "secondary",
  size = "sm",
  triggerRef,
}: {
  label: ReactNode;
  items: readonly MenuItem[];
  variant?: ButtonVariant;
  size?: "sm" | "md";
  /** The menu's button, for a dialog an item opens to give focus back to. */
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  const chosen = useRef<MenuItem | null>(null);
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger
        ref={triggerRef}
        className={`${buttonStyles({ variant, size })} inline-flex items-center gap-1`}
      >
        {label}
        <ChevronDownIcon />
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align="end"
          sideOffset={4}
          onCloseAutoFocus={(event) => {
            if (chosen.current?.movesFocus) event.preventDefault();
            chosen.current = null;
          }}
          className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items.map((item) => (
            <RadixMenu.Item
              key={item.label}
              disabled={item.disabled}
              onSelect={() => {
                chosen.current = item;
                item.onSelect?.();
              }}
              asChild={item.href !== undefined}
              className={`block cursor-pointer rounded px-3 py-2 text-sm outline-none data-disabled:opacity-50 data-highlighted:bg-slate-100 ${item.danger ? "text-red-800" : "text-slate-800"}`}
            >
              {item.href === undefined ? (
                item.label
              ) : (
                <a href={item.href} download={item.download}>
                  {item.label}
                </a>
              )}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
