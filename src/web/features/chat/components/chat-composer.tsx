import { useState, type KeyboardEvent, type RefObject } from "react";
import { CHAT_MESSAGE_MAX_LENGTH } from "#shared/schemas/chat.ts";

const MIN_HEIGHT = 40;
const MAX_HEIGHT = 120;

function fitHeight(el: HTMLTextAreaElement) {
  el.style.height = "auto";
  el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`;
}

/** Growing text area and Send button; Enter sends, Shift+Enter adds a line. */
export function ChatComposer({
  busy,
  onSend,
  inputRef,
}: {
  busy: boolean;
  onSend: (text: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const [text, setText] = useState("");
  const canSend = !busy && text.trim().length > 0;

  const submit = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText("");
    if (inputRef.current) inputRef.current.style.height = `${MIN_HEIGHT}px`;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor="chat-input" className="sr-only">
        Message
      </label>
      <textarea
        id="chat-input"
        ref={inputRef}
        rows={1}
        value={text}
        disabled={busy}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder="Ask me anything..."
        onChange={(event) => {
          setText(event.target.value);
          fitHeight(event.target);
        }}
        onKeyDown={onKeyDown}
        className="focus:border-brand-600 focus:ring-brand-600 h-10 max-h-[120px] min-h-[40px] flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:ring-2 focus:outline-none disabled:bg-slate-100"
      />
      <button
        type="submit"
        disabled={!canSend}
        aria-label={busy ? "Sending" : undefined}
        className="bg-brand-700 hover:bg-brand-800 focus-visible:ring-brand-600 h-10 rounded-lg px-4 text-sm font-medium text-white focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60"
      >
        {busy ? "..." : "Send"}
      </button>
    </form>
  );
}
