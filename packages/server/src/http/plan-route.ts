// The plan host: `GET {planPath}/planLevelByCustId/{customerId}` answers a customer's plan level,
// which session queries must quote; it needs no credential.
import { CUSTOMER_ID_PATTERN, PLAN_LOOKUP_SEGMENT } from '@playq/query';
import type { Hono } from 'hono';
import { type AppEnv, type AppOptions, customersById } from './app-env';
import { problemResponse } from './problem';
import { invalidCustomer, methodNotAllowed, READ_METHODS } from './refusals';

export function mountPlanHost(app: Hono<AppEnv>, options: AppOptions): void {
  const byCustomer = customersById(options.credentials);
  const path = `${options.planPath}/${PLAN_LOOKUP_SEGMENT}/:customerId` as const;
  app.get(path, (c) => {
    const id = c.req.param('customerId');
    if (!CUSTOMER_ID_PATTERN.test(id)) return invalidCustomer();
    const customer = byCustomer.get(id);
    if (!customer) return problemResponse(404, 'not_found', 'No such customer.', { param: 'customerId' });
    return c.json({ customerId: customer.customerId, planLevel: customer.planLevel });
  });
  app.all(path, methodNotAllowed(READ_METHODS));
}
