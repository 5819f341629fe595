/**
 * The Overpass fake's map: OpenStreetMap-like elements (nodes with lat/lon, ways and relations with
 * a centre) around Paris and Lisbon, with the tags real ones carry, and a few unnamed ones (as in
 * OSM, many elements have no name) that must never reach a plan.
 */
export type FakeOsmElement = {
  type: "node" | "way" | "relation";
  id: number;
  lat: number;
  lon: number;
  tags: Record<string, string>;
};

/** The destinations' centres, as the geocoder resolves them. */
export const FAKE_DESTINATIONS = {
  paris: { lat: 48.8566, lng: 2.3522 },
  lisbon: { lat: 38.7223, lng: -9.1393 },
  /** Open sea: nothing within any radius. */
  nowhere: { lat: 0, lng: -30 },
} as const;

const paris: FakeOsmElement[] = [
  {
    type: "way",
    id: 1_001,
    lat: 48.8611,
    lon: 2.3358,
    tags: {
      name: "Musée du Louvre",
      tourism: "museum",
      wikidata: "Q19675",
      opening_hours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
      website: "https://www.louvre.fr/",
      "addr:street": "Rue de Rivoli",
      "addr:postcode": "75001",
      "addr:city": "Paris",
    },
  },
  {
    type: "node",
    id: 1_002,
    lat: 48.86,
    lon: 2.3266,
    tags: {
      name: "Musée d'Orsay",
      tourism: "museum",
      wikipedia: "fr:Musée d'Orsay",
      opening_hours: "Tu-Su 09:30-18:00; Th 09:30-21:45; Mo off",
    },
  },
  // Not notable, and nearer the centre than both museums.
  {
    type: "node",
    id: 1_003,
    lat: 48.8607,
    lon: 2.3646,
    tags: { name: "Galerie Perrotin", tourism: "gallery" },
  },
  {
    type: "node",
    id: 1_004,
    lat: 48.8582,
    lon: 2.3469,
    tags: { name: "Théâtre du Châtelet", amenity: "theatre", website: "chatelet.com" },
  },
  {
    type: "way",
    id: 1_005,
    lat: 48.8738,
    lon: 2.295,
    tags: {
      name: "Arc de Triomphe",
      historic: "monument",
      tourism: "attraction",
      wikidata: "Q64436",
      opening_hours: "Mo-Su 10:00-23:00",
    },
  },
  // Heritage-listed attraction: matches History through heritage + tourism=attraction only.
  {
    type: "node",
    id: 1_006,
    lat: 48.858,
    lon: 2.3488,
    tags: { name: "Tour Saint-Jacques", heritage: "3", tourism: "attraction" },
  },
  // Heritage but not an attraction, and a memorial: History does not want it.
  {
    type: "node",
    id: 1_007,
    lat: 48.857,
    lon: 2.353,
    tags: { name: "Plaque du 25 août 1944", historic: "memorial", heritage: "3" },
  },
  {
    type: "node",
    id: 1_010,
    lat: 48.853,
    lon: 2.3389,
    tags: {
      name: "Le Procope",
      amenity: "restaurant",
      cuisine: "french",
      opening_hours: "Mo-Su 12:00-24:00",
      website: "http://www.procope.com/",
      "addr:street": "Rue de l'Ancienne Comédie",
      "addr:housenumber": "13",
    },
  },
  {
    type: "node",
    id: 1_011,
    lat: 48.8541,
    lon: 2.3326,
    tags: {
      name: "Café de Flore",
      amenity: "cafe",
      wikidata: "Q1026890",
      opening_hours: "Mo-Su 07:30-01:30",
    },
  },
  // No hours, nearest restaurant to the centre.
  {
    type: "node",
    id: 1_012,
    lat: 48.857,
    lon: 2.3526,
    tags: { name: "Bistrot de l'Hôtel de Ville", amenity: "restaurant" },
  },
  // A website that must never reach a page.
  {
    type: "node",
    id: 1_013,
    lat: 48.8575,
    lon: 2.354,
    tags: { name: "Chez Malice", amenity: "restaurant", website: "javascript:alert(1)" },
  },
  // Outside the Food & Dining circle (about 10 km north).
  {
    type: "node",
    id: 1_014,
    lat: 48.95,
    lon: 2.35,
    tags: { name: "Auberge Lointaine", amenity: "restaurant" },
  },
  {
    type: "node",
    id: 1_015,
    lat: 48.8628,
    lon: 2.362,
    tags: {
      name: "Marché des Enfants Rouges",
      amenity: "marketplace",
      opening_hours: "Tu-Sa 08:30-20:30; Su 08:30-17:00; Mo off",
    },
  },
  {
    type: "way",
    id: 1_020,
    lat: 48.8462,
    lon: 2.3372,
    tags: {
      name: "Jardin du Luxembourg",
      leisure: "park",
      wikidata: "Q210720",
      opening_hours: "Mo-Su 07:30-21:30",
    },
  },
  {
    type: "relation",
    id: 1_021,
    lat: 48.8809,
    lon: 2.3828,
    tags: { name: "Parc des Buttes-Chaumont", leisure: "park", wikidata: "Q1503" },
  },
  {
    type: "node",
    id: 1_022,
    lat: 48.8863,
    lon: 2.3431,
    tags: { name: "Parvis du Sacré-Cœur", tourism: "viewpoint" },
  },
  {
    type: "node",
    id: 1_030,
    lat: 48.8735,
    lon: 2.332,
    tags: {
      name: "Galeries Lafayette Haussmann",
      shop: "department_store",
      wikidata: "Q1491159",
      opening_hours: "Mo-Sa 10:00-20:30; Su 11:00-20:00",
    },
  },
  // In no interest's tags (an attraction without a heritage tag): found only by its name, as a
  // location typed in the editor or written by the assistant is.
  {
    type: "way",
    id: 1_060,
    lat: 48.8462,
    lon: 2.3464,
    tags: {
      name: "Panthéon",
      tourism: "attraction",
      historic: "building",
      wikidata: "Q188856",
      opening_hours: "Mo-Su 10:00-18:00",
      website: "https://www.paris-pantheon.fr/",
    },
  },
  // An ordinary shop: not in Shopping (neither a department store nor known to Wikidata).
  {
    type: "node",
    id: 1_031,
    lat: 48.8567,
    lon: 2.3525,
    tags: { name: "Boulangerie du Coin", shop: "bakery" },
  },
  {
    type: "node",
    id: 1_032,
    lat: 48.8661,
    lon: 2.3412,
    tags: { name: "Shakespeare and Company", shop: "books", wikidata: "Q1197226" },
  },
  {
    type: "node",
    id: 1_040,
    lat: 48.876,
    lon: 2.327,
    tags: { name: "Climbing District Saint-Lazare", leisure: "sports_centre", sport: "climbing" },
  },
  // A theme park 35 km away: outside even Adventure's circle.
  {
    type: "way",
    id: 1_041,
    lat: 49.134,
    lon: 2.571,
    tags: { name: "Parc Astérix", tourism: "theme_park", wikidata: "Q1364479" },
  },
  {
    type: "node",
    id: 1_050,
    lat: 48.8419,
    lon: 2.3551,
    tags: {
      name: "Hammam de la Grande Mosquée",
      amenity: "public_bath",
      opening_hours: "Mo-Su 10:00-21:00; PH off",
    },
  },
  // Unnamed elements, nearest of all: never used.
  { type: "node", id: 1_090, lat: 48.8567, lon: 2.3523, tags: { amenity: "restaurant" } },
  { type: "way", id: 1_091, lat: 48.8568, lon: 2.3521, tags: { leisure: "park" } },
  { type: "node", id: 1_092, lat: 48.8566, lon: 2.3524, tags: { tourism: "museum", name: "" } },
];

const lisbon: FakeOsmElement[] = [
  {
    type: "way",
    id: 2_001,
    lat: 38.6979,
    lon: -9.2068,
    tags: {
      name: "Mosteiro dos Jerónimos",
      historic: "monastery",
      heritage: "1",
      wikidata: "Q193296",
      opening_hours: "Tu-Su 09:30-18:00; Mo off; Jan 01,May 01,Dec 25 off",
      website: "https://www.museusemonumentos.pt/pt/museus-e-monumentos/mosteiro-dos-jeronimos",
    },
  },
  {
    type: "way",
    id: 2_002,
    lat: 38.6916,
    lon: -9.216,
    tags: {
      name: "Torre de Belém",
      historic: "fort",
      tourism: "attraction",
      wikidata: "Q207564",
      opening_hours: "Tu-Su 09:30-18:00; Mo off",
    },
  },
  {
    type: "way",
    id: 2_003,
    lat: 38.737,
    lon: -9.1545,
    tags: {
      name: "Museu Calouste Gulbenkian",
      tourism: "museum",
      wikidata: "Q1399",
      opening_hours: "We-Mo 10:00-18:00; Tu off",
    },
  },
  {
    type: "node",
    id: 2_010,
    lat: 38.7206,
    lon: -9.1357,
    tags: { name: "Cervejaria Ramiro", amenity: "restaurant", opening_hours: "Tu-Su 12:00-00:30" },
  },
  {
    type: "node",
    id: 2_011,
    lat: 38.7107,
    lon: -9.1424,
    tags: { name: "A Brasileira", amenity: "cafe", opening_hours: "Mo-Su 08:00-02:00" },
  },
  {
    type: "node",
    id: 2_012,
    lat: 38.7068,
    lon: -9.1459,
    tags: { name: "Time Out Market Lisboa", amenity: "marketplace", wikidata: "Q18378432" },
  },
  { type: "node", id: 2_013, lat: 38.7224, lon: -9.1394, tags: { amenity: "cafe" } },
  {
    type: "way",
    id: 2_020,
    lat: 38.7142,
    lon: -9.1597,
    tags: { name: "Jardim da Estrela", leisure: "park", opening_hours: "Mo-Su 07:00-24:00" },
  },
  {
    type: "node",
    id: 2_021,
    lat: 38.7118,
    lon: -9.1302,
    tags: { name: "Miradouro de Santa Luzia", tourism: "viewpoint" },
  },
  {
    type: "way",
    id: 2_030,
    lat: 38.678,
    lon: -9.337,
    tags: { name: "Praia de Carcavelos", natural: "beach" },
  },
];

export const OVERPASS_DATASET: readonly FakeOsmElement[] = [...paris, ...lisbon];
