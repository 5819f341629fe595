import { useEffect, useState, type ComponentType } from "react";
import { useUserDataEpoch } from "#web/lib/user-data.ts";
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
 * this tab is brought back at once.
 */
function Dock() {
  const [widget, setWidget] = useState<{ Widget: Widget; openOnMount: boolean } | null>(null);
  const [opening, setOpening] = useState(false);

  useEffect(() => {
    if (!wasChatLeftOpen()) return;
    void loadWidget().then((Widget) => {
      if (Widget) setWidget({ Widget, openOnMount: false });
    });
  }, []);

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
