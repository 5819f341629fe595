import { useEffect, useRef, useState } from "react";
import { MESSAGES } from "#shared/messages.ts";
import { CHAT_HISTORY_ENTRY_MAX_LENGTH, CHAT_HISTORY_LIMIT } from "#shared/schemas/chat.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useOpenTrip } from "#web/lib/trip/open-trip.ts";
import { currentUserDataEpoch } from "#web/lib/user-data.ts";
import { useSendChatMessage } from "../api/send-chat-message.ts";
import {
  loadChat,
  newMessageId,
  saveChat,
  type StoredChat,
  type WidgetMessage,
} from "../lib/chat-storage.ts";
import { ChatLauncher } from "./chat-launcher.tsx";
import { ChatComposer } from "./chat-composer.tsx";
import { ChatMessageItem, TypingIndicator } from "./chat-message-item.tsx";

const message = (role: WidgetMessage["role"], content: string): WidgetMessage => ({
  id: newMessageId(),
  role,
  content,
  timestamp: new Date().toISOString(),
  forecast: null,
  proposal: null,
  proposalState: "open",
  proposalError: null,
});

/** Words the visitor can act on: the server's own for limits, the spec's apology otherwise. */
function failureText(error: unknown) {
  if (error instanceof ApiRequestError && (error.status === 429 || error.status === 422))
    return error.message;
  return MESSAGES.widgetSendFailed;
}

const greeted = (chat: StoredChat): StoredChat => ({
  open: true,
  messages:
    chat.messages.length > 0 ? chat.messages : [message("assistant", MESSAGES.chatGreeting)],
});

type Props = {
  /** Mounted by a click on the launcher that came before this code: open at once, focus inside. */
  openOnMount?: boolean;
};

/** The floating travel assistant: on every page, kept open and filled across navigation and reload. */
export function ChatWidget({ openOnMount = false }: Props) {
  const [chat, setChat] = useState(() => (openOnMount ? greeted(loadChat()) : loadChat()));
  const [announcement, setAnnouncement] = useState("");
  const [streamingId, setStreamingId] = useState<string | null>(null);
  const send = useSendChatMessage();
  // On the owner's trip page the assistant knows the trip (the server reads it by id).
  const openTrip = useOpenTrip();
  const launcherRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // Opened by the mounting click: the focus moves into the text area as on any other open.
  const wasOpen = useRef(openOnMount ? false : chat.open);
  const busy = send.isPending;

  // A save still pending when the tab forgets its user (React runs it before unmounting this widget)
  // would write the previous user's chat back: only the user this widget was mounted for saves.
  const mountedForEpoch = useRef(currentUserDataEpoch());
  useEffect(() => {
    if (currentUserDataEpoch() === mountedForEpoch.current) saveChat(chat);
  }, [chat]);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [chat.messages, busy]);
  useEffect(() => {
    // Focus follows the panel: into the text area on open, back to the launcher on close.
    if (chat.open && !wasOpen.current) inputRef.current?.focus();
    if (!chat.open && wasOpen.current) launcherRef.current?.focus();
    wasOpen.current = chat.open;
  }, [chat.open]);
  const wasBusy = useRef(busy);
  useEffect(() => {
    // The text area is disabled (and so blurred) while busy: hand focus back when the reply is in.
    if (wasBusy.current && !busy) inputRef.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  const open = () => setChat(greeted);
  const close = () => setChat((c) => ({ ...c, open: false }));
  const append = (...added: WidgetMessage[]) =>
    setChat((c) => ({ ...c, messages: [...c.messages, ...added] }));
  const update = (id: string, change: (m: WidgetMessage) => WidgetMessage) =>
    setChat((c) => ({ ...c, messages: c.messages.map((m) => (m.id === id ? change(m) : m)) }));

  const onSend = (text: string) => {
    const history = chat.messages
      .slice(-CHAT_HISTORY_LIMIT)
      .map(({ role, content, timestamp }) => ({
        role,
        content: content.slice(0, CHAT_HISTORY_ENTRY_MAX_LENGTH),
        timestamp,
      }));
    append(message("user", text));
    setAnnouncement("");
    const reply = message("assistant", "");
    let started = false;
    const ensureStarted = () => {
      if (started) return;
      started = true;
      append(reply);
      setStreamingId(reply.id);
    };
    send.mutate(
      {
        request: openTrip
          ? { message: text, history, tripId: openTrip.tripId }
          : { message: text, history },
        handlers: {
          onForecast: (forecast) => {
            ensureStarted();
            update(reply.id, (m) => ({ ...m, forecast }));
          },
          onDelta: (piece) => {
            ensureStarted();
            update(reply.id, (m) => ({ ...m, content: m.content + piece }));
          },
          onProposal: (proposal) => {
            ensureStarted();
            update(reply.id, (m) => ({ ...m, proposal }));
          },
        },
      },
      {
        onSuccess: (result) => {
          ensureStarted();
          update(reply.id, (m) => ({
            ...m,
            content: result.response,
            forecast: result.forecast,
            proposal: result.proposal ?? m.proposal,
            proposalError: result.proposalError ?? null,
          }));
          if (result.suggestions.length > 0)
            append(
              message(
                "assistant",
                `Suggested questions:\n${result.suggestions.map((s) => `• ${s}`).join("\n")}`,
              ),
            );
          setAnnouncement(
            `Boundless replied: ${result.response}${result.proposalError ? ` ${result.proposalError}` : ""}`,
          );
        },
        onError: (error) => {
          const text = failureText(error);
          setChat((c) => ({
            ...c,
            messages: [...c.messages.filter((m) => m.id !== reply.id), message("assistant", text)],
          }));
          setAnnouncement(text);
        },
        onSettled: () => setStreamingId(null),
      },
    );
  };

  if (!chat.open) return <ChatLauncher ref={launcherRef} onOpen={open} />;

  const waiting = busy && (streamingId === null || chat.messages.at(-1)?.content === "");
  return (
    <section
      aria-labelledby="chat-title"
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
      className="fixed inset-x-2 bottom-2 z-40 flex max-h-[calc(100dvh-1rem)] flex-col rounded-xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-6 sm:bottom-6 sm:max-h-[calc(100dvh-3rem)] sm:w-96"
    >
      <header className="bg-brand-700 flex items-center justify-between rounded-t-xl px-4 py-3 text-white">
        <h2 id="chat-title" className="text-base font-semibold">
          Boundless Assistant
        </h2>
        <button
          type="button"
          onClick={close}
          aria-label="Close chat"
          className="hover:bg-brand-800 rounded-md px-2 py-1 text-lg leading-none focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <ol
        ref={listRef}
        aria-label="Conversation"
        aria-busy={busy}
        tabIndex={0}
        className="focus-visible:ring-brand-600 h-[55vh] min-h-0 space-y-3 overflow-y-auto p-4 focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset sm:h-96"
      >
        {chat.messages
          .filter((m) => m.content !== "" || m.forecast || m.proposal)
          .map((m) => (
            <ChatMessageItem
              key={m.id}
              message={m}
              onProposalSettled={(proposalState) =>
                update(m.id, (current) => ({ ...current, proposalState }))
              }
            />
          ))}
        {waiting ? <TypingIndicator /> : null}
      </ol>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ChatComposer busy={busy} onSend={onSend} inputRef={inputRef} />
    </section>
  );
}
