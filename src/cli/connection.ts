import { type Command, Option } from 'commander';
import type { Credentials } from '../../client/index.js';

/** How a command reaches a running service: its URL and a credential (flags or BOOKING_* variables). */
export interface ConnectionOptions {
  baseUrl: string;
  apiKey?: string;
  username?: string;
  password?: string;
}

export function addConnectionOptions(command: Command): Command {
  return command
    .addOption(new Option('--base-url <url>', 'the service').env('BOOKING_BASE_URL').default('http://127.0.0.1:3000'))
    .addOption(new Option('--api-key <key>', 'API key (prefer the environment variable)').env('BOOKING_API_KEY'))
    .addOption(new Option('--username <name>', 'Basic username').env('BOOKING_USERNAME'))
    .addOption(new Option('--password <password>', 'Basic password (prefer the environment)').env('BOOKING_PASSWORD'));
}

export function credentialsOf(options: ConnectionOptions): Credentials {
  try {
    new URL(options.baseUrl);
  } catch {
    throw new Error(`--base-url must be a URL such as http://127.0.0.1:3000, not "${options.baseUrl}"`);
  }
  if (options.apiKey) return { baseUrl: options.baseUrl, apiKey: options.apiKey };
  if (options.username && options.password) {
    return { baseUrl: options.baseUrl, username: options.username, password: options.password };
  }
  throw new Error(
    'no credential: give --api-key (or BOOKING_API_KEY), or --username and --password (or BOOKING_USERNAME and BOOKING_PASSWORD)',
  );
}
