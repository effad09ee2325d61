// The distributions of the synthetic data set, as plain constants: traffic by country, platform,
// device type, CDN and hour of day, failure rates, error kinds, subscriber tags, asset titles.
// docs/server.md ("Data") describes them; the generator's SQL only reads these tables.

/** [code, traffic weight, buffering factor] */
export const COUNTRIES: readonly (readonly [string, number, number])[] = [
  ['US', 30, 0.8],
  ['GB', 9, 0.8],
  ['DE', 8, 0.7],
  ['FR', 6, 0.9],
  ['BR', 6, 1.8],
  ['IN', 6, 2.5],
  ['CA', 4, 0.8],
  ['MX', 3, 1.6],
  ['ES', 3, 1],
  ['IT', 3, 1.1],
  ['JP', 3, 0.6],
  ['AU', 2.5, 1],
  ['NL', 2, 0.6],
  ['SE', 1.5, 0.6],
  ['PL', 1.5, 1.2],
  ['AR', 1.2, 2],
  ['TR', 1.2, 1.7],
  ['KR', 1, 0.5],
  ['ZA', 1, 2.2],
  ['NG', 0.8, 3],
  ['ID', 0.8, 2.6],
  ['PH', 0.6, 2.4],
  ['EG', 0.5, 2.5],
  ['NO', 0.5, 0.6],
  ['IE', 0.5, 0.8],
  ['PT', 0.4, 1],
  ['CL', 0.4, 1.5],
  ['CO', 0.4, 1.8],
  ['NZ', 0.3, 1],
  ['KE', 0.2, 3],
];

/**
 * Median video bitrate of a play by platform, kbit/s (a session's own lies within ±40% of it):
 * `bytes_downloaded` is this times its watch time.
 */
export const PLATFORM_BITRATE_KBPS: Readonly<Record<string, number>> = {
  web: 3500,
  android: 2000,
  ios: 2400,
  smarttv: 6000,
  roku: 5000,
  firetv: 5000,
  tvos: 6500,
  chromecast: 4500,
};

/** [name, weight, startup failure probability, players, device types as [type, weight]] */
export const PLATFORMS: readonly (readonly [
  string,
  number,
  number,
  readonly string[],
  readonly (readonly [string, number])[],
])[] = [
  [
    'web',
    30,
    0.025,
    ['html5-4.2', 'html5-4.3', 'shaka-4.7'],
    [
      ['desktop', 85],
      ['smartphone', 10],
      ['tablet', 5],
    ],
  ],
  [
    'android',
    22,
    0.03,
    ['exoplayer-2.19', 'exoplayer-2.18'],
    [
      ['smartphone', 75],
      ['tablet', 20],
      ['smarttv', 5],
    ],
  ],
  [
    'ios',
    20,
    0.015,
    ['avplayer-17', 'avplayer-16'],
    [
      ['smartphone', 80],
      ['tablet', 20],
    ],
  ],
  ['smarttv', 10, 0.06, ['tizen-6', 'webos-22'], [['smarttv', 1]]],
  [
    'roku',
    8,
    0.04,
    ['roku-os-12'],
    [
      ['settopbox', 70],
      ['streamingstick', 30],
    ],
  ],
  [
    'firetv',
    5,
    0.035,
    ['exoplayer-2.18'],
    [
      ['streamingstick', 80],
      ['settopbox', 20],
    ],
  ],
  ['tvos', 3, 0.012, ['avplayer-17'], [['settopbox', 1]]],
  ['chromecast', 2, 0.05, ['cast-receiver-3'], [['streamingstick', 1]]],
];

export const CDNS: readonly (readonly [string, number])[] = [
  ['akamai', 40],
  ['cloudfront', 25],
  ['fastly', 20],
  ['edgio', 10],
  ['inhouse', 5],
];

export const SUBSCRIBER_TAGS: readonly (readonly [string, number])[] = [
  ['standard', 45],
  ['premium', 30],
  ['basic', 20],
  ['trial', 5],
];

/** Devices per subscriber: 1 to 4, with these weights. */
export const DEVICES_PER_SUBSCRIBER = [45, 30, 15, 10];

/** Share of sessions by anonymous viewers (no subscriber id). */
export const ANONYMOUS_SHARE = 0.15;
/** Share of sessions that load and never play (status LOADED). */
export const LOADED_SHARE = 0.015;
/** Share of played sessions that end abnormally (status DROPPED, with a fatal error). */
export const DROPPED_SHARE = 0.06;
/** Share of startup failures with a business reason (entitlement, geo-block). */
export const BUSINESS_FAILURE_SHARE = 0.25;

export const HOUR_WEIGHTS = [
  3, 2, 1.5, 1, 1, 1, 1.5, 2, 3, 3.5, 4, 4.5, 5, 5, 5, 5.5, 6, 7, 8.5, 10, 10, 9, 7, 5,
];

/** [category, weight, keys, business] of errors during playback. */
export const ERROR_KINDS: readonly (readonly [string, number, readonly string[], boolean])[] = [
  ['network', 40, ['SEGMENT_TIMEOUT', 'CDN_5XX', 'DNS_FAILURE', 'CONNECTION_RESET'], false],
  ['playback', 30, ['DECODER_ERROR', 'BUFFER_STALL', 'AUDIO_SYNC'], false],
  ['drm', 12, ['LICENSE_EXPIRED', 'HDCP_MISMATCH'], false],
  ['ads', 13, ['AD_TIMEOUT', 'VAST_EMPTY'], false],
  ['entitlement', 5, ['CONCURRENCY_LIMIT', 'PARENTAL_LOCK'], true],
];
/** The first three kinds (network, playback, drm) also end sessions abnormally. */
export const FATAL_KINDS = 3;
export const STARTUP_CATEGORY = 'startup';
export const STARTUP_KEYS = ['STARTUP_TIMEOUT', 'MANIFEST_404', 'DRM_LICENSE_FAILED', 'PLAYER_INIT'];
/** Business startup failures are events of the `entitlement` category with these keys. */
export const BUSINESS_STARTUP_KEYS = ['NOT_ENTITLED', 'GEO_BLOCKED', 'CONCURRENCY_LIMIT'];

const TITLE_WORDS = [
  'Silent',
  'Crimson',
  'Hidden',
  'Last',
  'Golden',
  'Broken',
  'Midnight',
  'Northern',
  'Electric',
  'Lost',
  'Wild',
  'Iron',
  'Paper',
  'Distant',
  'Bright',
  'Frozen',
  'Burning',
  'Quiet',
  'Secret',
  'Velvet',
];
const TITLE_NOUNS = [
  'River',
  'Empire',
  'Garden',
  'Signal',
  'Harbor',
  'Kingdom',
  'Orbit',
  'Frontier',
  'Witness',
  'Station',
  'Horizon',
  'Archive',
  'Compass',
  'Lantern',
  'Valley',
  'Circuit',
  'Tide',
  'Citadel',
  'Mirror',
  'Voyage',
  'Summit',
  'Island',
  'Engine',
  'Canyon',
  'Promise',
];

/** Number of assets for a data set of `sessions` sessions. */
export function assetCount(sessions: number): number {
  return Math.min(5000, Math.max(50, Math.round(sessions / 200)));
}

/** Asset `i`'s id: fixed width, so that value order is index order. */
export function assetId(i: number): string {
  return `a${String(i).padStart(5, '0')}`;
}

/** Asset `i`'s title: unique per index (a season number past the first 500 titles). */
export function assetName(i: number): string {
  const base = `${TITLE_WORDS[i % TITLE_WORDS.length]} ${TITLE_NOUNS[Math.floor(i / TITLE_WORDS.length) % TITLE_NOUNS.length]}`;
  const season = Math.floor(i / (TITLE_WORDS.length * TITLE_NOUNS.length));
  return season === 0 ? base : `${base} S${season + 1}`;
}

/** A 1000-slot lookup list: slot i holds the 1-based index drawn for a uniform u in [i/1000, (i+1)/1000). */
export function lookup(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let acc = 0;
  weights.forEach((w, i) => {
    acc += (w / total) * 1000;
    while (out.length < Math.round(acc)) out.push(i + 1);
  });
  while (out.length < 1000) out.push(weights.length);
  return out;
}
