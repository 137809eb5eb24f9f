import type { HostPolicy } from '../serve/request-origin.js';

/** Dev-only endpoints live at the origin's root whatever the baseUrl: the dev server owns the origin. */
export const DEV_CLIENT_PATH = '/__docgen/dev/client.js';
export const DEV_EVENTS_PATH = '/__docgen/dev/events';

/** Dev is never production and never behind a proxy: loopback names and IP literals only. */
export const DEV_HOSTS: HostPolicy = { siteUrl: null, production: false, trustProxy: false };
