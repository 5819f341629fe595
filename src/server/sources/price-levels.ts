/**
 * How expensive a country is next to the United States: the World Bank's "Price level ratio of PPP
 * conversion factor (GDP) to market exchange rate" (World Development Indicators, series
 * PA.NUS.PPPC.RF, United States = 1.0), International Comparison Program figures for 2021–2022,
 * rounded to two places. Written from the published table for the countries travellers most often
 * plan; the others use DEFAULT_PRICE_LEVEL. The whole-trip planner multiplies a US price by it
 * (a €-area hotel of US$150 in the US reads about US$115 in France).
 */
export const PRICE_LEVELS: Readonly<Record<string, number>> = {
  US: 1.0,
  CA: 0.86,
  MX: 0.55,
  BR: 0.5,
  AR: 0.4,
  CL: 0.6,
  CO: 0.4,
  PE: 0.5,
  GB: 0.85,
  IE: 0.97,
  FR: 0.8,
  BE: 0.85,
  NL: 0.85,
  LU: 0.95,
  DE: 0.82,
  AT: 0.85,
  CH: 1.2,
  IT: 0.7,
  ES: 0.65,
  PT: 0.6,
  GR: 0.58,
  DK: 1.0,
  SE: 0.85,
  NO: 1.05,
  FI: 0.9,
  IS: 1.2,
  PL: 0.45,
  CZ: 0.55,
  HU: 0.45,
  HR: 0.5,
  RO: 0.4,
  BG: 0.4,
  TR: 0.3,
  MA: 0.4,
  EG: 0.2,
  ZA: 0.45,
  KE: 0.4,
  IL: 1.0,
  AE: 0.65,
  IN: 0.25,
  CN: 0.6,
  JP: 0.6,
  KR: 0.65,
  TH: 0.35,
  VN: 0.3,
  ID: 0.3,
  MY: 0.35,
  SG: 0.7,
  PH: 0.4,
  AU: 0.95,
  NZ: 0.9,
};

/** Countries not in the table: about the world's median ratio. */
export const DEFAULT_PRICE_LEVEL = 0.6;

export const priceLevelOf = (countryCode: string | null): number =>
  (countryCode ? PRICE_LEVELS[countryCode.toUpperCase()] : undefined) ?? DEFAULT_PRICE_LEVEL;
