import type { KeyboardEvent, RefObject } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CHAT_MESSAGE_MAX_LENGTH, chatRequestSchema } from "#shared/schemas/chat.ts";
import { lazyZodResolver } from "#web/lib/lazy-resolver.ts";

const MIN_HEIGHT = 40;
const MAX_HEIGHT = 120;

// The message's rule as POST /api/chat checks it (the chat's schemas come with the chat already;
// the resolver is fetched with the first check).
const messageResolver = lazyZodResolver(() =>
  Promise.resolve(chatRequestSchema.pick({ message: true })),
);

type Composed = { message: string };

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
  const form = useForm<Composed, unknown, Composed>({
    resolver: messageResolver,
    defaultValues: { message: "" },
  });
  const text = useWatch({ control: form.control, name: "message" });
  const canSend = !busy && text.trim().length > 0;
  const error = form.formState.errors.message?.message;

  // Nothing typed (or a reply on its way): Enter and Send do nothing, as the button shows.
  const submit = () => {
    if (!canSend) return;
    void form.handleSubmit(({ message }) => {
      onSend(message);
      form.reset({ message: "" });
      if (inputRef.current) inputRef.current.style.height = `${MIN_HEIGHT}px`;
    })();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const { ref, onChange, ...field } = form.register("message");

  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2 border-t border-slate-200 p-3"
      onFocus={messageResolver.preload}
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
        ref={(el) => {
          ref(el);
          inputRef.current = el;
        }}
        rows={1}
        disabled={busy}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder="Ask me anything..."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "chat-input-error" : undefined}
        {...field}
        onChange={(event) => {
          void onChange(event);
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
      {error ? (
        <p id="chat-input-error" role="alert" className="basis-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
