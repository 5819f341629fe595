/**
 * Ports of the e2e stack. E2E_PORT (default 4173) is the app; the loopback fakes sit just above it,
 * so several checkouts can run their browser suites side by side with different E2E_PORTs.
 */
export function stackPorts(base = Number(process.env.E2E_PORT ?? 4173)) {
  return {
    app: base,
    ai: base + 1, // OpenAI-compatible fake
    weather: base + 2, // OpenWeatherMap + Open-Meteo fake
    smtp: base + 3, // SMTP catcher (SMTP)
    mailbox: base + 4, // SMTP catcher's HTTP view of caught mail
    oauth: base + 5, // fake OAuth provider
    s3: base + 6, // S3-compatible fake
    geocoder: base + 7, // Nominatim-compatible geocoder fake (GEOCODER_URL)
    tiles: base + 8, // raster tile server fake (MAP_TILE_URL)
    overpass: base + 9, // Overpass API fake (OVERPASS_URL): real places around Paris and Lisbon
    keyless: base + 10, // a second app with no AI key (the keyless planner), on the same fakes
    fx: base + 11, // Frankfurter fake (FX_URL): the ECB's USD reference rates
    osrm: base + 12, // OSRM fake (ROUTING_URL, the keyless app only): Paris and Lyon streets
    motis: base + 13, // MOTIS 2 fake (TRANSIT_URL, the keyless app only): métro and TGV
    wholeTrip: base + 14, // a third app, keyless, whose Overpass fake has the whole trip's lodging and food
  };
}
