// /practice/audit (issue [22] item 4): the account's read records for its owners, ten a page, newest
// first, by person and by client name. Everyone else sees spec 1 §6's refusal. The records are written
// where the reading happens (messages, practice inbox, client list, referral data, appointments).
import { Router, type Request } from 'express';
import { requireRolePage, toId } from '../../http/access';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import * as accounts from '../../domain/accounts';
import { formTimeIn } from '../../domain/appointments';
import { timeZoneLabel } from '../../domain/calendar';
import * as readAudit from '../../domain/read-audit';
import {
  AUDIT_PATH,
  PracticeAuditPage,
  type ReadRecordView,
} from '../../../views/pages/practice-audit/PracticeAuditPage';
import type { FeatureDeps } from '../deps';
import { dateFormatIn } from '../../../views/components/format';

const TITLE = 'Who Read What';
const DEFAULT_ZONE = 'America/New_York';
const SEARCH_MAX = 100;

const WHAT: Record<readAudit.ReadAction, string> = {
  thread: 'Opened a conversation',
  client_list: 'Opened a client list page',
  referral_export: 'Downloaded referral data',
  appointment_file: 'Downloaded an appointment',
};

/** The list or file read, when no client is named: "Full Client List, page 2", "referral_data.csv". */
function whichOf(record: readAudit.ReadRecord): string {
  const { detail } = record;
  if (record.action === 'client_list') {
    const list = detail.list === 'practice-inbox' ? 'Practice inbox client list' : 'Full Client List';
    return `${list}, page ${detail.page ?? 1}`;
  }
  return detail.file ?? '';
}

const searchOf = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, SEARCH_MAX) : '');

export function practiceAuditRoutes({ db, config, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'profile',
    order: 66,
    label: 'Who Read What',
    href: AUDIT_PATH,
    shown: (viewer) => accounts.canManageTeam(viewer),
    alsoIn: { menu: 'practice', order: 40 },
  });
  const guard = [requireSignIn, requireRolePage((v) => accounts.canManageTeam(v), TITLE, accounts.RESOURCE_DENIED)];

  router.get(AUDIT_PATH, ...guard, async (req: Request, res) => {
    const viewer = res.locals.viewer!;
    const accountId = accounts.teamAccountOf(viewer);
    const timeZone = viewer.provider?.timezone ?? DEFAULT_ZONE;
    const { members } = await accounts.loadTeam(db, accountId);
    const people = members.map((m) => ({ value: String(m.userId), label: m.name }));
    // Only the account's people are offered; anything else asks for everyone's records.
    const person = people.some((p) => p.value === req.query.person) ? Number(req.query.person) : undefined;
    const client = searchOf(req.query.client);
    const { records, page, pageCount, total } = await readAudit.listReads(
      db,
      accountId,
      { userId: person, clientUserIds: client ? accounts.userIdsNamed(db, client) : undefined },
      toId(req.query.page) || 1,
    );
    const names = await accounts.userNames(
      db,
      records.flatMap((r) => (r.clientUserId === null ? [r.userId] : [r.userId, r.clientUserId])),
    );
    const day = dateFormatIn(timeZone, { month: 'short', day: 'numeric', year: 'numeric' });
    const rows: ReadRecordView[] = records.map((r) => ({
      id: r.id,
      when: `${day.format(r.at)}, ${formTimeIn(r.at, timeZone)}`,
      who: names.get(r.userId) ?? 'A former user',
      what: WHAT[r.action],
      which: r.clientUserId === null ? whichOf(r) : (names.get(r.clientUserId) ?? 'A client'),
    }));
    const query = (n: number) => {
      const params = new URLSearchParams({
        ...(person === undefined ? {} : { person: String(person) }),
        ...(client ? { client } : {}),
        ...(n > 1 ? { page: String(n) } : {}),
      }).toString();
      return params ? `${AUDIT_PATH}?${params}` : AUDIT_PATH;
    };
    render(req, res, {
      title: TITLE,
      page: (
        <PracticeAuditPage
          records={rows}
          filters={{ person: person === undefined ? '' : String(person), client, people }}
          page={page}
          pageCount={pageCount}
          total={total}
          timeZoneLabel={timeZoneLabel(timeZone)}
          retentionYears={config.readAuditRetentionYears}
          pageHref={query}
        />
      ),
    });
  });

  return router;
}
