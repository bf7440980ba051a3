// Avalara AvaTax (REST v2): each quote is a SalesOrder, an estimate AvaTax computes and never records,
// so nothing is ever committed to the company's filings from here (spec 3 §7 get-sales-tax).
import { amountOf, effectiveRate, NO_TAX, TaxError, taxApplies, type SalesTax, type TaxCategory } from './port';

export interface AvaTaxSettings {
  accountId: string;
  licenseKey: string;
  companyCode: string;
  environment: 'sandbox' | 'production';
}

export const AVATAX_BASE_URLS: Record<AvaTaxSettings['environment'], string> = {
  sandbox: 'https://sandbox-rest.avatax.com',
  production: 'https://rest.avatax.com',
};

/**
 * AvaTax system tax codes for our three kinds of item. The company's tax adviser has the last word; these
 * are the closest general codes:
 * - membership (a listing in an online directory, delivered electronically): D0000000, digital goods;
 * - software (practice management, Private Pay Booster, used online): SW054000, cloud services / SaaS;
 * - one-time (copywriting, photo shoots): S0000000, services in general.
 */
export const AVATAX_TAX_CODES: Record<TaxCategory, string> = {
  membership: 'D0000000',
  software: 'SW054000',
  'one-time': 'S0000000',
};

const TIMEOUT_MS = 5_000;
/** Avalara asks every integration to name itself: application; version; connector; connector version. */
const CLIENT_HEADER = 'members-portal; 0.1.0; REST; v2';

const UNAVAILABLE = 'Sales tax cannot be calculated right now. Please try again in a few minutes.';

const dollars = (cents: number) => Math.round(cents) / 100;

export interface AvaTaxOptions {
  /** Another address for the API (the tests' fake server); else the environment's. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The transaction date (today, UTC). */
  now?: () => Date;
}

export function createAvaTax(settings: AvaTaxSettings, options: AvaTaxOptions = {}): SalesTax {
  const base = (options.baseUrl ?? AVATAX_BASE_URLS[settings.environment]).replace(/\/$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${settings.accountId}:${settings.licenseKey}`).toString('base64')}`;
  return {
    provider: 'avatax',
    async quote(request) {
      if (!taxApplies(request.country, request.postalCode)) return { ...NO_TAX };
      const amount = amountOf(request.lines);
      if (amount === 0) return { ...NO_TAX };
      const body = {
        type: 'SalesOrder',
        companyCode: settings.companyCode,
        date: (options.now?.() ?? new Date()).toISOString().slice(0, 10),
        customerCode: request.customerCode || 'members-portal',
        currencyCode: 'USD',
        addresses: { singleLocation: { postalCode: request.postalCode.trim(), country: 'US' } },
        lines: request.lines.map((line, index) => ({
          number: String(index + 1),
          amount: dollars(line.amount * line.quantity),
          quantity: line.quantity,
          taxCode: AVATAX_TAX_CODES[line.category],
        })),
      };
      let response: Response;
      try {
        response = await fetchImpl(`${base}/api/v2/transactions/create`, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/json',
            accept: 'application/json',
            'x-avalara-client': CLIENT_HEADER,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new TaxError(
          UNAVAILABLE,
          'unavailable',
          timedOut ? 'AvaTax did not answer in time' : `AvaTax could not be reached: ${(error as Error).message}`,
        );
      }
      const answer = (await response.json().catch(() => null)) as {
        totalTax?: unknown;
        lines?: { lineNumber?: unknown; tax?: unknown }[];
        error?: { code?: string; message?: string };
      } | null;
      if (!response.ok) {
        const said = answer?.error?.message ?? `HTTP ${response.status}`;
        const detail = `AvaTax answered ${response.status}${answer?.error?.code ? ` ${answer.error.code}` : ''}: ${said}`;
        // A request AvaTax cannot price (an unknown postal code…) is the address's fault and can be shown;
        // credentials, limits and AvaTax's own failures are ours, and stay in the log.
        if (response.status === 400)
          throw new TaxError(`Sales tax could not be calculated for this address: ${said}`, 'refused', detail);
        throw new TaxError(UNAVAILABLE, 'unavailable', detail);
      }
      if (typeof answer?.totalTax !== 'number' || !Number.isFinite(answer.totalTax)) {
        throw new TaxError(UNAVAILABLE, 'unavailable', 'AvaTax answered without a totalTax');
      }
      const totalTax = Math.round(answer.totalTax * 100);
      // Each line's tax (TransactionModel.lines[].tax, in dollars) and the rate that charges it on the
      // line's amount: a jurisdiction's `details[].rate` applies to its taxable part only (Texas taxes 80 %
      // of a data service; an exempt line has rates but no tax), so the rate is the line's effective one.
      const lines = request.lines.map((line, index) => {
        const answered = answer.lines?.find((candidate) => String(candidate.lineNumber) === String(index + 1));
        if (!answered || typeof answered.tax !== 'number' || !Number.isFinite(answered.tax))
          throw new TaxError(UNAVAILABLE, 'unavailable', `AvaTax answered without line ${index + 1}`);
        const tax = Math.round(answered.tax * 100);
        return { rate: effectiveRate(tax, line.amount * line.quantity), tax };
      });
      return { totalTax, rate: effectiveRate(totalTax, amount), lines };
    },
  };
}
