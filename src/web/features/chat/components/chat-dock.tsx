import { useEffect, useState, type ComponentType } from "react";
import { useSessionChecked, useUserDataEpoch } from "#web/lib/user-data.ts";
import { wasChatLeftOpen } from "../lib/chat-open-flag.ts";
import { ChatLauncher } from "./chat-launcher.tsx";

type Widget = ComponentType<{ openOnMount?: boolean }>;

let loading: Promise<Widget | null> | undefined;
/** The assistant's code, fetched once; a failed fetch is forgotten so the next click tries again. */
function loadWidget() {
  loading ??= import("./chat-widget.tsx").then(
    (module) => module.ChatWidget,
    () => {
      loading = undefined;
      return null;
    },
  );
  return loading;
}

/**
 * The assistant, started afresh whenever the tab forgets a user (sign-out, another user): the
 * conversation on screen is the previous user's, and saving it again would bring it back.
 */
export function ChatDock() {
  return <Dock key={useUserDataEpoch()} />;
}

/**
 * The assistant on every page. Until it is first opened only its launcher is here: the rest of its
 * code (the conversation, forecasts, trip proposals and their schemas) is fetched on the first hover,
 * focus or click, so a page's first view does not spend its main thread on it. A chat left open in
 * this tab is brought back as soon as the session check has answered.
 */
function Dock() {
  const [widget, setWidget] = useState<{ Widget: Widget; openOnMount: boolean } | null>(null);
  const [opening, setOpening] = useState(false);

  // Only once the session check has answered: until then the chat kept in the tab may be a
  // previous user's, which that answer forgets.
  const sessionChecked = useSessionChecked();
  useEffect(() => {
    if (!sessionChecked || !wasChatLeftOpen()) return;
    void loadWidget().then((Widget) => {
      if (Widget) setWidget((shown) => shown ?? { Widget, openOnMount: false });
    });
  }, [sessionChecked]);

  if (widget) return <widget.Widget openOnMount={widget.openOnMount} />;
  return (
    <ChatLauncher
      busy={opening}
      onIntent={() => void loadWidget()}
      onOpen={() => {
        setOpening(true);
        void loadWidget().then((Widget) => {
          setOpening(false);
          if (Widget) setWidget({ Widget, openOnMount: true });
        });
      }}
    />
  );
}
