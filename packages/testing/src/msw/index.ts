// @playq/testing/msw: MSW handlers answering the playq API from a reference service. A separate
// entry because msw is an optional peer: importing @playq/testing never requires it.
export { type PlayqFetchable, type PlayqHandlersOptions, playqHandlers } from './playq-handlers';
