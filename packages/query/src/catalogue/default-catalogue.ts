// The default catalogue: the vendor's public Metric and Dimensions Dictionary (docs/catalogue.md), a
// superset of the specification's names. This is the one list of names in the project; everything
// else (validation, builder types, the reference service, the CLI, docs/catalogue.md) reads it.
import { ENDPOINTS } from '../wire/endpoints';
import { type Catalogue, defineTrustedCatalogue } from './define-catalogue';

const ERROR_METRICS = ['errors', 'fatalerrors'] as const;
/** Valid on every endpoint: on `listsessions` each session's own value (a list field). */
const LISTED = ENDPOINTS;

const dictionary = defineTrustedCatalogue({
  metrics: {
    attempts: { unit: 'count', level: 'group', description: 'Sessions (play attempts).' },
    viewercount: {
      unit: 'count',
      level: 'group',
      description: 'Plays: sessions that showed a first frame.',
    },
    endedplays: { unit: 'count', level: 'group', description: 'Plays that ended normally (status ENDED).' },
    totalstartupfailure: {
      unit: 'count',
      level: 'group',
      description: 'Sessions without a first frame that did not fail for a business reason.',
    },
    failurerate: {
      unit: 'percent',
      level: 'group',
      description: '100 * totalstartupfailure / attempts (0 when there is no attempt).',
    },
    latency: {
      endpoints: LISTED,
      unit: 'seconds',
      level: 'session',
      description: 'Startup time: mean over plays.',
    },
    avg_latency: {
      unit: 'seconds',
      level: 'session',
      concurrency: false,
      description: 'Startup time: mean over plays (the same as latency).',
    },
    median_latency: {
      unit: 'seconds',
      level: 'group',
      concurrency: false,
      description: 'Median startup time over plays (linear interpolation).',
    },
    p95_latency: {
      unit: 'seconds',
      level: 'group',
      concurrency: false,
      description: '95th percentile of startup time over plays (linear interpolation).',
    },
    p99_latency: {
      unit: 'seconds',
      level: 'group',
      concurrency: false,
      description: '99th percentile of startup time over plays (linear interpolation).',
    },
    bufferingratio: {
      endpoints: LISTED,
      unit: 'percent',
      level: 'session',
      description: '100 * rebuffering time / (watch time + rebuffering time); 0 on an empty denominator.',
    },
    buffcount: { endpoints: LISTED, unit: 'count', level: 'session', description: 'Rebuffering events.' },
    playdur: {
      endpoints: LISTED,
      unit: 'minutes',
      level: 'session',
      description: 'Playtime: watch time in minutes.',
    },
    avg_playtime_by_audience: {
      unit: 'minutes',
      level: 'group',
      concurrency: false,
      description: 'playdur / distinct viewers (a viewer is the subscriber, else the device).',
    },
    users: { unit: 'count', level: 'group', description: 'Distinct subscribers (non-null subscriber id).' },
    unique_subscribers: {
      unit: 'count',
      level: 'group',
      description: 'Distinct subscribers (the same as users).',
    },
    uniqueviewercount: {
      unit: 'count',
      level: 'group',
      description: 'Distinct viewers among plays (the subscriber, else the device).',
    },
    unique_devices: { unit: 'count', level: 'group', description: 'Distinct devices.' },
    anonymous_viewers: {
      unit: 'count',
      level: 'group',
      description: 'Distinct devices among sessions without a subscriber.',
    },
    cdn_change_rate: {
      endpoints: LISTED,
      unit: 'ratio',
      level: 'group',
      description: 'CDN changes per play: sum of CDN changes / viewercount (0 without plays).',
    },
    qualityofexperience: {
      endpoints: LISTED,
      unit: 'score',
      level: 'session',
      description:
        'Quality-of-experience score 0..100 from startup time, rebuffering and success (a failed startup scores 0), mean over sessions.',
    },
    avg_qualityofexperience: {
      unit: 'score',
      level: 'group',
      concurrency: false,
      description: 'Mean quality-of-experience score over sessions.',
    },
    median_qualityofexperience: {
      unit: 'score',
      level: 'group',
      concurrency: false,
      description: 'Median quality-of-experience score over sessions.',
    },
    views: {
      unit: 'count',
      level: 'group',
      description: 'Plays (sessions with a first frame) active at any time in the window, any status.',
    },
    totalduration: {
      unit: 'minutes',
      level: 'session',
      endpoints: LISTED,
      description: 'Time spent in the player: (watch time + rebuffering time) in minutes.',
    },
    cbrsize: {
      unit: 'megabytes',
      level: 'session',
      endpoints: LISTED,
      description: 'Data downloaded, in megabytes (10^6 bytes).',
    },
    cirrbufferingratio: {
      unit: 'percent',
      level: 'session',
      endpoints: LISTED,
      description:
        'Connection-induced rebuffering: 100 * rebuffering time / (watch time + rebuffering time), 0 on an empty denominator (the data records no seek-induced buffering, so it equals bufferingratio).',
    },
    uniquesubscribercount: {
      unit: 'count',
      level: 'group',
      description: 'Distinct subscribers (non-null subscriber id) among plays.',
    },
    playperunique: {
      unit: 'ratio',
      level: 'group',
      description: 'Plays per unique viewer: viewercount / uniqueviewercount (0 without a viewer).',
    },
    playtimeperunique: {
      unit: 'minutes',
      level: 'group',
      description: 'Playtime per unique viewer: playdur / uniqueviewercount (0 without a viewer).',
    },
    concurviewavg: {
      unit: 'sessions',
      level: 'group',
      description: 'Distinct matching sessions active at any time in the window, any status.',
    },
    errors: {
      endpoints: LISTED,
      unit: 'count',
      level: 'session',
      description:
        'Error events in the window matching the filter; business errors only with businesserror=true.',
    },
    fatalerrors: {
      endpoints: LISTED,
      unit: 'count',
      level: 'session',
      description: 'Fatal error events (as errors).',
    },
  },
  dimensions: {
    country: { description: 'Country of the viewer (ISO 3166-1 alpha-2 code).' },
    platform: { description: 'Device platform, such as ios, android, web or tv.' },
    device: { description: 'Device type, such as phone, tablet, tv or desktop.' },
    player: { description: 'Player name and version.', sessionField: true },
    cdn: { description: 'Content delivery network serving the session.' },
    assetid: { description: 'Identifier of the asset (the content played).' },
    assetname: { description: 'Name of the asset.' },
    subscriberid: { description: 'Subscriber identifier (empty for anonymous viewers).', sessionField: true },
    subscribertag: { description: 'Tag of the subscriber, such as a plan or cohort.' },
    category: {
      description: 'Error category (error records only).',
      combinesWith: ERROR_METRICS,
      sessionField: true,
    },
    key: {
      description: 'Error key within its category (error records only).',
      combinesWith: ERROR_METRICS,
      sessionField: true,
    },
  },
  fields: {
    sessionid: { type: 'string', description: 'The session identifier.' },
    deviceid: { type: 'string', description: 'The device identifier.' },
    status: { type: 'string', description: 'ENDED, DROPPED, RUNNING or LOADED.' },
    starttime: { type: 'number', unit: 'epoch_seconds', description: 'When the session started.' },
    endtime: { type: 'number', unit: 'epoch_seconds', description: 'When it ended; 0 while it has no end.' },
    watchtime: {
      type: 'number',
      unit: 'seconds',
      description: 'Playback plus rebuffering time, in seconds.',
    },
  },
});

type Definition = (typeof dictionary)['definition'];

/** The type of the default catalogue: an interface, so compiler messages name it instead of expanding it. */
export interface DefaultCatalogue
  extends Catalogue<Definition['metrics'], Definition['dimensions'], NonNullable<Definition['fields']>> {}

/**
 * Every metric and dimension of the public dictionary, with unit, level and definition.
 *
 * @example
 * DEFAULT_CATALOGUE.metrics.p95_latency.level; // 'group'
 * DEFAULT_CATALOGUE.dimensions.category.combinesWith; // ['errors', 'fatalerrors']
 */
export const DEFAULT_CATALOGUE: DefaultCatalogue = dictionary;
