import { createContext, useContext } from "react";
import type { RemoteChange } from "./use-trip-live.ts";

/** The last change someone else saved while this page was open (null: none yet). */
export const LiveChangeContext = createContext<RemoteChange | null>(null);

export const useLastRemoteChange = () => useContext(LiveChangeContext);
