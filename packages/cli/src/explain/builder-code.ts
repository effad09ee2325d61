// The builder code `playq explain` prints comes from @playq/query, where the playground in the
// docs site uses it too: one printer for both.
export { builderCode } from '@playq/query';
