// The default catalogue: the vendor's public Metric and Dimensions Dictionary (docs/catalogue.md), a
// superset of the specification's names. This is the one list of names in the project; everything
// else (validation, builder types, the reference service, the CLI, docs/catalogue.md) reads it.
import { ENDPOINTS } from '../wire/endpoints';
import { type Catalogue, defineTrustedCatalogue } from './define-catalogue';
import {
  absent,
  add,
  and,
  avg,
  col,
  count,
  countDistinct,
  either,
  equals,
  flag,
  greatest,
  least,
  megabytes,
  metric,
  minutes,
  multiply,
  named,
  not,
  num,
  overActiveSessions,
  overErrorEvents,
  overSessions,
  present,
  quantile,
  ratio,
  seconds,
  subtract,
  sum,
  when,
} from './metric-builders';

const ERROR_METRICS = ['errors', 'fatalerrors'] as const;
/** Valid on every endpoint: on `listsessions` each session's own value (a list field). */
const LISTED = ENDPOINTS;

// The terms the definitions share.
const STARTUP = col('startup_ms');
const WATCH = col('watch_ms');
const REBUFFER = col('rebuffer_ms');
const PLAY = present('startup_ms');
const VIEWER = named(
  'viewers (the subscriber, else the device)',
  either(col('subscriber_id'), col('device_id')),
);
/** The buffering ratio of a session, percent. */
const SESSION_BUFFERING = ratio(multiply(num(100), REBUFFER), add(WATCH, REBUFFER));
const BUFFERING = overSessions(
  ratio(multiply(num(100), sum(REBUFFER)), sum(add(WATCH, REBUFFER))),
  SESSION_BUFFERING,
);
const LATENCY = overSessions(seconds(avg(STARTUP, PLAY)), seconds(STARTUP));
const startupQuantile = (q: number) => overSessions(seconds(quantile(STARTUP, q, PLAY)));
/**
 * A session's quality-of-experience score (docs/server.md, "QoE score"): 100, less 2.5 points per
 * second of startup beyond 2 s (at most 25) and 3 points per percent of buffering ratio (at most
 * 75); 0 without a first frame.
 */
const QOE = named(
  'quality-of-experience score (0..100, 0 without a first frame)',
  when(
    absent('startup_ms'),
    num(0),
    subtract(
      subtract(
        num(100),
        least(num(25), multiply(num(2.5), greatest(num(0), subtract(seconds(STARTUP), num(2))))),
      ),
      least(num(75), multiply(num(3), SESSION_BUFFERING)),
    ),
  ),
);
const ERRORS = overErrorEvents(count(), { session: true });

const dictionary = defineTrustedCatalogue({
  metrics: {
    attempts: { unit: 'count', level: 'group', expression: overSessions(named('Play attempts', count())) },
    viewercount: { unit: 'count', level: 'group', expression: overSessions(named('Plays', count(PLAY))) },
    endedplays: {
      unit: 'count',
      level: 'group',
      expression: overSessions(
        named('Plays that ended normally', count(and(PLAY, equals('status', 'ENDED')))),
      ),
    },
    totalstartupfailure: {
      unit: 'count',
      level: 'group',
      expression: overSessions(
        named('Startup failures', count(and(absent('startup_ms'), not(flag('business_failure'))))),
      ),
    },
    failurerate: {
      better: 'lower',
      unit: 'percent',
      level: 'group',
      expression: overSessions(ratio(multiply(num(100), metric('totalstartupfailure')), metric('attempts'))),
    },
    latency: { better: 'lower', endpoints: LISTED, unit: 'seconds', level: 'session', expression: LATENCY },
    avg_latency: {
      better: 'lower',
      unit: 'seconds',
      level: 'session',
      concurrency: false,
      expression: LATENCY,
    },
    median_latency: {
      better: 'lower',
      unit: 'seconds',
      level: 'group',
      concurrency: false,
      expression: startupQuantile(0.5),
    },
    p95_latency: {
      better: 'lower',
      unit: 'seconds',
      level: 'group',
      concurrency: false,
      expression: startupQuantile(0.95),
    },
    p99_latency: {
      better: 'lower',
      unit: 'seconds',
      level: 'group',
      concurrency: false,
      expression: startupQuantile(0.99),
    },
    bufferingratio: {
      better: 'lower',
      endpoints: LISTED,
      unit: 'percent',
      level: 'session',
      expression: BUFFERING,
    },
    buffcount: {
      endpoints: LISTED,
      unit: 'count',
      level: 'session',
      expression: overSessions(sum(col('rebuffer_count')), col('rebuffer_count')),
    },
    playdur: {
      better: 'higher',
      endpoints: LISTED,
      unit: 'minutes',
      level: 'session',
      expression: overSessions(named('Playtime', minutes(sum(WATCH))), minutes(WATCH)),
    },
    avg_playtime_by_audience: {
      better: 'higher',
      unit: 'minutes',
      level: 'group',
      concurrency: false,
      expression: overSessions(ratio(metric('playdur'), countDistinct(VIEWER))),
    },
    users: { unit: 'count', level: 'group', expression: overSessions(countDistinct(col('subscriber_id'))) },
    unique_subscribers: {
      unit: 'count',
      level: 'group',
      expression: overSessions(countDistinct(col('subscriber_id'))),
    },
    uniqueviewercount: {
      unit: 'count',
      level: 'group',
      expression: overSessions(countDistinct(VIEWER, PLAY)),
    },
    unique_devices: {
      unit: 'count',
      level: 'group',
      expression: overSessions(countDistinct(col('device_id'))),
    },
    anonymous_viewers: {
      unit: 'count',
      level: 'group',
      expression: overSessions(countDistinct(col('device_id'), absent('subscriber_id'))),
    },
    cdn_change_rate: {
      better: 'lower',
      endpoints: LISTED,
      unit: 'ratio',
      level: 'group',
      expression: overSessions(
        named('CDN changes per play', ratio(sum(col('cdn_changes')), metric('viewercount'))),
        col('cdn_changes'),
      ),
    },
    qualityofexperience: {
      better: 'higher',
      endpoints: LISTED,
      unit: 'score',
      level: 'session',
      expression: overSessions(avg(QOE), QOE),
    },
    avg_qualityofexperience: {
      better: 'higher',
      unit: 'score',
      level: 'group',
      concurrency: false,
      expression: overSessions(avg(QOE)),
    },
    median_qualityofexperience: {
      better: 'higher',
      unit: 'score',
      level: 'group',
      concurrency: false,
      expression: overSessions(quantile(QOE, 0.5)),
    },
    views: { unit: 'count', level: 'group', expression: overActiveSessions(named('Plays', count(PLAY))) },
    totalduration: {
      unit: 'minutes',
      level: 'session',
      endpoints: LISTED,
      expression: overSessions(
        named('Time spent in the player', minutes(sum(add(WATCH, REBUFFER)))),
        minutes(add(WATCH, REBUFFER)),
      ),
    },
    cbrsize: {
      unit: 'megabytes',
      level: 'session',
      endpoints: LISTED,
      expression: overSessions(
        named('Data downloaded', megabytes(sum(col('bytes_downloaded')))),
        megabytes(col('bytes_downloaded')),
      ),
    },
    // The data records no seek-induced buffering: connection-induced buffering is all of it.
    cirrbufferingratio: {
      better: 'lower',
      unit: 'percent',
      level: 'session',
      endpoints: LISTED,
      expression: BUFFERING,
    },
    uniquesubscribercount: {
      unit: 'count',
      level: 'group',
      expression: overSessions(countDistinct(col('subscriber_id'), PLAY)),
    },
    playperunique: {
      better: 'higher',
      unit: 'ratio',
      level: 'group',
      expression: overSessions(
        named('Plays per unique viewer', ratio(metric('viewercount'), metric('uniqueviewercount'))),
      ),
    },
    playtimeperunique: {
      better: 'higher',
      unit: 'minutes',
      level: 'group',
      expression: overSessions(
        named('Playtime per unique viewer', ratio(metric('playdur'), metric('uniqueviewercount'))),
      ),
    },
    concurviewavg: { unit: 'sessions', level: 'group', expression: overActiveSessions(count()) },
    errors: { endpoints: LISTED, unit: 'count', level: 'session', expression: ERRORS },
    fatalerrors: {
      endpoints: LISTED,
      unit: 'count',
      level: 'session',
      expression: overErrorEvents(count(flag('fatal')), { session: true }),
    },
  },
  dimensions: {
    country: { description: 'Country of the viewer (ISO 3166-1 alpha-2 code).' },
    platform: { description: 'Device platform, such as ios, android, web or tv.' },
    device: { description: 'Device type, such as phone, tablet, tv or desktop.' },
    player: { description: 'Player name and version.', sessionField: true },
    cdn: { description: 'Content delivery network serving the session.' },
    assetid: { description: 'Identifier of the asset (the content played).', identifier: true },
    assetname: { description: 'Name of the asset.' },
    subscriberid: {
      description: 'Subscriber identifier (empty for anonymous viewers).',
      sessionField: true,
      identifier: true,
    },
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
