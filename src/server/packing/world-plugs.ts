/**
 * Plug types and mains voltage by country (ISO 3166-1 alpha-2), the one place these values live.
 *
 * Source: IEC, "World Plugs" (https://www.iec.ch/world-plugs), the International Electrotechnical
 * Commission's list of plug types, voltage and frequency by country. Transcribed for issue 49 without
 * network access to the page: check a row against the IEC's before relying on it, and correct it here.
 * Where the IEC lists two voltages (Brazil, Cuba, Japan's 50/60 Hz split) both are kept in the text.
 * A country missing here gets no plug suggestion: better none than a wrong one.
 *
 * One line per country: `CODE types volts hertz`.
 */
const TABLE = `
AE C,D,G 230 50
AL C,F 230 50
AM C,F 230 50
AR C,I 220 50
AT C,F 230 50
AU I 230 50
AZ C,F 220 50
BA C,F 230 50
BD C,D,G,K 220 50
BE C,E 230 50
BG C,F 230 50
BO A,C 230 50
BR C,N 127/220 60
BY C,F 220 50
CA A,B 120 60
CH C,J 230 50
CL C,L 220 50
CN A,C,I 220 50
CO A,B 110 60
CR A,B 120 60
CU A,B,C,L 110/220 60
CY G 230 50
CZ C,E 230 50
DE C,F 230 50
DK C,E,F,K 230 50
DO A,B 120 60
EC A,B 120 60
EE C,F 230 50
EG C,F 220 50
ES C,F 230 50
ET C,E,F,L 220 50
FI C,F 230 50
FJ I 240 50
FR C,E 230 50
GB G 230 50
GE C,F 220 50
GH D,G 230 50
GR C,F 230 50
HK G 220 50
HR C,F 230 50
HU C,F 230 50
ID C,F 230 50
IE G 230 50
IL C,H 230 50
IN C,D,M 230 50
IQ C,D,G 230 50
IR C,F 230 50
IS C,F 230 50
IT C,F,L 230 50
JM A,B 110 50
JO B,C,D,F,G,J 230 50
JP A,B 100 50/60
KE G 240 50
KH A,C,G 230 50
KR C,F 220 60
KZ C,F 220 50
LB A,B,C,D,G 230 50
LI C,J 230 50
LK D,G,M 230 50
LT C,F 230 50
LU C,F 230 50
LV C,F 230 50
MA C,E 220 50
MD C,F 230 50
ME C,F 230 50
MK C,F 230 50
MN C,E 230 50
MO D,G 220 50
MT G 230 50
MU C,G 230 50
MV C,D,G,J,K,L 230 50
MX A,B 127 60
MY G 240 50
NG D,G 230 50
NL C,F 230 50
NO C,F 230 50
NP C,D,M 230 50
NZ I 230 50
PA A,B 120 60
PE A,B,C 220 60
PH A,B,C 220 60
PK C,D 230 50
PL C,E 230 50
PR A,B 120 60
PT C,F 230 50
QA D,G 240 50
RO C,F 230 50
RS C,F 230 50
RU C,F 220 50
SA G 230 60
SC G 240 50
SE C,F 230 50
SG G 230 50
SI C,F 230 50
SK C,E 230 50
SN C,D,E,K 230 50
TH A,B,C,F,O 230 50
TN C,E 230 50
TR C,F 230 50
TW A,B 110 60
TZ D,G 230 50
UA C,F 230 50
US A,B 120 60
UY C,F,I,L 220 50
UZ C,F 220 50
VE A,B 120 60
VN A,C,F 220 50
ZA C,D,M,N 230 50
`;

export type Mains = { types: string[]; volts: string; hertz: string };

const byCode = new Map<string, Mains>(
  TABLE.trim()
    .split("\n")
    .map((line) => {
      const [code = "", types = "", volts = "", hertz = ""] = line.trim().split(/\s+/);
      return [code, { types: types.split(","), volts, hertz }];
    }),
);

/** The country's plugs and voltage, or null when the list has none for it. */
export const mainsOf = (countryCode: string): Mains | null =>
  byCode.get(countryCode.toUpperCase()) ?? null;
