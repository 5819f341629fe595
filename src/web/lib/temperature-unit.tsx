import { createContext, useContext, type ReactNode } from "react";
import { unitForLocale, type TemperatureUnit } from "#shared/temperature.ts";

/** The browser's own choice: °F for US English, °C for every other language. */
export const browserTemperatureUnit = (): TemperatureUnit =>
  unitForLocale(typeof navigator === "undefined" ? undefined : navigator.language);

const TemperatureUnitContext = createContext<TemperatureUnit | null>(null);

/** The traveller's unit from their profile (the app layer reads it); null follows the browser. */
export function TemperatureUnitProvider({
  unit,
  children,
}: {
  unit: TemperatureUnit | null;
  children: ReactNode;
}) {
  return <TemperatureUnitContext value={unit}>{children}</TemperatureUnitContext>;
}

/** The unit temperatures are shown in: the profile's choice, else the browser's language. */
export const useTemperatureUnit = (): TemperatureUnit =>
  useContext(TemperatureUnitContext) ?? browserTemperatureUnit();
