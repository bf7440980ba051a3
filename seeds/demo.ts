// Demo people for local use and browser tests, one per situation the portal must handle.
// Idempotent by e-mail: a demo user that already exists is left exactly as it is (it may have
// been edited by hand); delete the user to have it re-created. Needs seedReference first.
import { utc } from '@date-fns/utc';
import { addDays, format } from 'date-fns';
import type { Knex } from 'knex';
import type { Insertable } from 'kysely';
import type { Providers, Users } from '../server/db/tables';
import { hashPassword } from '../server/domain/accounts';
import { encryptJson } from '../server/domain/data-protection';
import { insertMessageRows } from '../server/domain/messaging';
import * as calendar from '../server/domain/calendar';
import { slugify, type TagType } from './reference';
import { seedDemoPrivatePayBooster } from './demo-private-pay-booster';

export const DEMO_PASSWORD = 'Portal-demo-2026!';

export const DEMO_EMAILS = {
  individual: 'individual@demo.test',
  practice: 'practice@demo.test',
  incomplete: 'incomplete@demo.test',
  twoFactor: 'twofactor@demo.test',
  client: 'client@demo.test',
  billing: 'billing@demo.test',
} as const;

type Id = number;
type TagNames = Partial<Record<TagType, string[]>>;

interface DemoUser {
  email: string;
  create(knex: Knex, passwordHash: string): Promise<void>;
}

const WEEKDAY_HOURS = ['9am - 5pm', '9am - 5pm', '12pm - 8pm', '9am - 5pm', '9am - 3pm', 'Closed', 'Closed'];

const DANA_STATEMENT = [
  'I am a licensed clinical social worker who helps adults untangle anxiety, low mood and the aftermath of difficult experiences.',
  'Many of the people I work with are high-functioning on the outside and exhausted on the inside: they keep everything running at work and at home, yet feel stuck, on edge or disconnected from themselves.',
  'Together we slow things down, notice the patterns that keep you caught, and practise new ways of responding that actually fit your life.',
  'My approach is warm, direct and collaborative. I draw on cognitive behavioral therapy, acceptance and commitment therapy and EMDR for trauma, and I adapt the pace to you.',
  'I have worked in hospital outpatient clinics and community mental-health settings for over a decade, and I bring that experience to a calm, confidential private practice in Midtown Manhattan and online across New York and New Jersey.',
  'I offer sessions in English and Spanish and welcome clients of every background, identity and relationship structure.',
].join(' ');

const DANA_MESSAGE = [
  'Reaching out to a therapist can feel like a big step, and it is completely normal to feel unsure about where to begin.',
  'You do not need to have the right words or a tidy story before we meet. Our first conversation is simply a chance to talk about what brings you here, what you hope will change, and whether working together feels like a good fit.',
  'I will ask some questions, answer yours, and explain how I work, including fees, scheduling and how to use out-of-network benefits.',
  'If I am not the right person for you, I will gladly help you find someone who is.',
  'Send me a message or book a free phone consultation, and I will get back to you within one business day.',
  'I look forward to hearing from you and to supporting you as you take this next step.',
].join(' ');

const HARBOR_LIGHT_STATEMENT = [
  'Harbor Light Counseling Group is a team of licensed therapists serving individuals, couples and families across Massachusetts, in our Boston office and online.',
  'We believe good care starts with a good match, so our intake coordinator takes the time to understand what you are looking for and pairs you with the clinician best suited to your needs, schedule and budget.',
  'Our clinicians specialise in anxiety, depression, trauma, relationship concerns and life transitions, and we use evidence-based approaches such as cognitive behavioral therapy, emotionally focused therapy and EMDR.',
  'We offer daytime, evening and weekend appointments, accept several major insurance plans, and provide superbills for out-of-network reimbursement.',
  'Whether you are seeking therapy for the first time or returning after a break, we are here to help you feel steadier, more connected and more like yourself.',
].join(' ');

const ALEX_STATEMENT = [
  'I am a licensed professional counselor in Austin who works with young adults and adults navigating anxiety, depression, identity and big life changes.',
  'Many of my clients are LGBTQ+ or questioning, and many arrive feeling that they have had to explain themselves over and over in other settings. Here you will not have to.',
  'Therapy with me is collaborative and paced by you: we get curious about the parts of you that feel stuck or overwhelmed, build practical skills for hard moments, and make room for the story you want to live.',
  'I draw on acceptance and commitment therapy, internal family systems and narrative therapy, and I weave in mindfulness where it helps.',
  'I see clients in person in South Austin and online anywhere in Texas, with daytime and early afternoon appointments.',
].join(' ');

export async function seedDemo(knex: Knex): Promise<void> {
  const demoUsers: DemoUser[] = [
    { email: DEMO_EMAILS.individual, create: createIndividual },
    { email: DEMO_EMAILS.practice, create: createPractice },
    { email: DEMO_EMAILS.incomplete, create: createIncomplete },
    { email: DEMO_EMAILS.twoFactor, create: createTwoFactor },
    { email: DEMO_EMAILS.client, create: createClient },
    { email: DEMO_EMAILS.billing, create: createBillingTrouble },
  ];
  for (const demo of demoUsers) {
    const existing = await knex('users').where({ email: demo.email }).first('id');
    if (existing) continue;
    await demo.create(knex, await hashPassword(DEMO_PASSWORD));
  }
  await seedLicenseStatuses(knex);
  await seedVacationResponder(knex);
  await seedDashboardWidgets(knex);
  await seedCalendar(knex);
  await seedMessaging(knex);
  await seedIntakeDesk(knex);
  await seedProfileEvents(knex);
  await seedDeskState(knex);
  await seedGroupsAndTestimonials(knex);
  await seedDemoPrivatePayBooster(knex, DEMO_EMAILS.individual);
}

// Therapy groups and testimonials for the demo profiles (spec 2 §3). Each part is added only when the
// profile has none yet, so re-running changes nothing and hand edits survive.
async function seedGroupsAndTestimonials(knex: Knex): Promise<void> {
  const providerOf = async (email: string, type: 'individual' | 'practice') => {
    const row = await knex('users as u')
      .join('provider_clinicians as pc', 'pc.user_id', 'u.id')
      .join('providers as p', 'p.id', 'pc.provider_id')
      .where({ 'u.email': email, 'p.type': type })
      .whereNull('p.practice_id')
      .orderBy('p.id')
      .first('p.id');
    return row?.id as Id | undefined;
  };
  const dana = await providerOf(DEMO_EMAILS.individual, 'individual');
  const slug = 'anxiety-skills-group-midtown';
  if (
    dana &&
    !(await knex('therapy_groups').where({ provider_id: dana }).first('id')) &&
    !(await knex('therapy_groups').where({ slug }).first('id'))
  ) {
    await knex('therapy_groups').insert({
      provider_id: dana,
      name: 'Anxiety Skills Group',
      slug,
      hours: 'Tuesdays 6pm - 7:30pm',
      costs: '$60 per session',
      status: 'active',
      expired_at: new Date(Date.now() + 100 * 24 * 60 * 60 * 1000),
      short_description: 'An eight-week skills group for adults who want practical tools for anxiety.',
      description:
        'Each week we learn and practise one skill from cognitive behavioral therapy or acceptance and commitment therapy, ' +
        'share what worked, and plan small experiments for the week ahead. Groups are capped at eight members.',
      remote_location: false,
      address: '250 W 57th St',
      address_2: 'Suite 1203',
      city: 'New York',
      state: 'NY',
      zip: '10107',
    });
  }
  const practice = await providerOf(DEMO_EMAILS.practice, 'practice');
  if (practice && !(await knex('feedback').where({ provider_id: practice }).first('id'))) {
    await knex('feedback').insert([
      {
        provider_id: practice,
        kind: 'testimonial',
        body: 'The intake coordinator matched us with a couples therapist within a week. We are talking again instead of arguing.',
        author: 'S. and D., Somerville',
        submitted_at: daysAgo(90),
        display_testimonial: true,
      },
      {
        provider_id: practice,
        kind: 'testimonial',
        body: 'Evening appointments made it possible for my teenager to keep going every week.',
        author: 'A parent in Boston',
        submitted_at: daysAgo(30),
        display_testimonial: false,
      },
      {
        provider_id: practice,
        kind: 'feedback',
        body: 'Parking near the State Street office was hard to find; a note about the garage would help.',
        submitted_at: daysAgo(12),
      },
    ]);
  }
}

// General information: Dana also holds licences in each other verification state (Unverified, Not
// found, Legacy), in states without a location, so the licensure section shows them all. Idempotent
// by licence number; skipped when Dana's profile is gone.
async function seedLicenseStatuses(knex: Knex): Promise<void> {
  const dana = await knex('provider_clinicians as pc')
    .join('users as u', 'u.id', 'pc.user_id')
    .where('u.email', DEMO_EMAILS.individual)
    .orderBy('pc.provider_id')
    .first('pc.provider_id');
  if (!dana) return;
  const year = new Date().getUTCFullYear();
  const licenses = [
    { state: 'CT', number: '009421', license_type: 'LCSW', expiration: year + 2, verification: 'Unverified' },
    { state: 'PA', number: 'CW019284', license_type: 'LCSW', expiration: year + 1, verification: 'Not found' },
    { state: 'FL', number: 'SW11873', license_type: 'LCSW', expiration: year + 3, verification: 'Legacy' },
  ];
  for (const license of licenses) {
    const exists = await knex('licenses').where({ provider_id: dana.provider_id, number: license.number }).first('id');
    if (!exists) await knex('licenses').insert({ provider_id: dana.provider_id, ...license });
  }
}

// Dana Rivera: a live individual profile with every section filled in.
async function createIndividual(knex: Knex, passwordHash: string): Promise<void> {
  const userId = await insertUser(knex, {
    email: DEMO_EMAILS.individual,
    password_hash: passwordHash,
    first_name: 'Dana',
    last_name: 'Rivera',
    full_name: 'Dana Rivera',
    phone_number: '+12125550142',
  });
  const accountId = await insertAccount(knex, { name: 'Dana Rivera', has_paid_plan: true }, userId, ['owner']);
  const professions = ['Licensed Clinical Social Worker'];
  const providerId = await insertProvider(knex, userId, {
    account_id: accountId,
    type: 'individual',
    status: 'active',
    first_name: 'Dana',
    last_name: 'Rivera',
    slug: await freeSlug(knex, 'dana-rivera'),
    primary_profession_tag_id: await tagId(knex, 'professions', professions[0]),
    phone_number: '+12125550142',
    contact_email: DEMO_EMAILS.individual,
    professional_statement: DANA_STATEMENT,
    message_to_clients: DANA_MESSAGE,
    timezone: 'America/New_York',
    calendar_open: true,
    has_calendar: true,
    went_live_at: daysAgo(400),
    custom_content: {
      pronouns: 'She/Her/Hers',
      year_earned_grad_degree: 2012,
      education_v2: [
        { institution: 'Columbia University School of Social Work', degree: 'MSW', completion: '2012' },
        { institution: 'Rutgers University', degree: 'BA', completion: '2009' },
      ],
      employment_v2: [
        { employer: 'Rivera Counseling', position: 'Psychotherapist', when: { start: '2018', end: 'Present' } },
        { employer: 'Mount Sinai Hospital', position: 'Clinical Social Worker', when: { start: '2012', end: '2018' } },
      ],
      custom_approaches: [
        {
          name: 'Values-based goal setting',
          description: 'We name what matters most to you and turn it into small, concrete weekly steps.',
        },
      ],
      custom_specialties: [],
      custom_sessions: [{ name: 'Intensive EMDR session', fee: 300, length: 90 }],
      session_fee_ongoing: 150,
      session_length_ongoing: 50,
      session_fee_initial: 175,
      session_length_initial: 60,
      session_fee_couples: 190,
      session_length_couples: 75,
      display_sliding_scale_slots: false,
      display_custom_fee_message: false,
      payment_methods: ['credit_card', 'debit_card', 'check', 'zelle'],
      session_frequency: 'weekly',
      offer_oon_reimbursement_superbills: true,
      offer_oon_reimbursement_courtesy: false,
      offer_oon_reimbursement_direct: false,
      vetting_status: 'pre-vetting',
      cta: {},
      availability_last_updated: new Date().toISOString(),
      display_contact_form: true,
      display_acuity_scheduling_link: false,
      videos: [],
      display_video_introduction: false,
      photo_edit_used: false,
    },
  });
  await tagProvider(
    knex,
    providerId,
    {
      professions,
      degrees: ['LCSW', 'MSW'],
      languages: ['English', 'Spanish'],
      specialties: [
        'Anxiety',
        'Depression',
        'Trauma and PTSD',
        'Relationship Issues',
        'Life Transitions',
        'Grief and Loss',
        'Self-Esteem',
        'Stress Management',
      ],
      approaches: [
        'Cognitive Behavioral Therapy (CBT)',
        'Acceptance and Commitment Therapy (ACT)',
        'Eye Movement Desensitization and Reprocessing (EMDR)',
        'Mindfulness-Based Cognitive Therapy (MBCT)',
        'Person-Centered',
      ],
      clientele: ['Young Adults (19 to 24)', 'Adults (25 to 64)', 'Individuals', 'Couples'],
      genders: ['Female'],
      identities: ['LGBTQ+ ally', 'Latinx'],
      insurances: ['Aetna', 'Cigna', 'UnitedHealthcare'],
    },
    ['Anxiety', 'Depression', 'Trauma and PTSD'],
  );
  await knex('insurance_opt_outs').insert({
    provider_id: providerId,
    tag_id: await tagId(knex, 'insurances', 'Cigna'),
    state: 'NJ',
  });
  await knex('locations').insert([
    {
      provider_id: providerId,
      location_name: 'Midtown Office',
      address: '250 W 57th St',
      address_2: 'Suite 1203',
      city: 'New York',
      state: 'NY',
      zip: '10107',
      remote_location: false,
      accepting_patients: 40,
      hours: JSON.stringify(WEEKDAY_HOURS),
      morning_availability: true,
      daytime_availability: true,
      afternoon_availability: true,
      evening_availability: true,
      weekend_availability: false,
      display_address: true,
      ada_accessible: true,
    },
    {
      provider_id: providerId,
      state: 'NJ',
      remote_location: true,
      accepting_patients: 40,
      hours: JSON.stringify(['9am - 5pm', 'Closed', '12pm - 8pm', 'Closed', '9am - 3pm', 'Closed', 'Closed']),
      morning_availability: true,
      afternoon_availability: true,
      evening_availability: true,
    },
  ]);
  await knex('licenses').insert([
    {
      provider_id: providerId,
      state: 'NY',
      number: '084312',
      license_type: 'LCSW',
      expiration: 2028,
      verification: 'Verified',
    },
    {
      provider_id: providerId,
      state: 'NJ',
      number: '44SC06123400',
      license_type: 'LCSW',
      expiration: 2027,
      verification: 'Verified',
    },
  ]);
  await knex('out_of_office_messages').insert({ provider_id: providerId, status: 'inactive' });
  await knex('feedback').insert([
    {
      provider_id: providerId,
      kind: 'testimonial',
      body: 'Dana helped me understand my anxiety instead of fighting it. I finally have tools that work, and I feel like myself again.',
      author: 'J.M., Manhattan',
      submitted_at: daysAgo(120),
      display_testimonial: true,
    },
    {
      provider_id: providerId,
      kind: 'testimonial',
      body: 'Warm, practical and honest. Sessions online were just as helpful as in person.',
      author: 'A.K.',
      submitted_at: daysAgo(45),
      display_testimonial: false,
    },
    {
      provider_id: providerId,
      kind: 'feedback',
      body: 'It would help to have a few more evening appointment times available.',
      submitted_at: daysAgo(20),
    },
  ]);
}

// Morgan Lee: owner of a group practice with two member clinicians (one live, one inactive).
async function createPractice(knex: Knex, passwordHash: string): Promise<void> {
  const company = 'Harbor Light Counseling Group';
  const userId = await insertUser(knex, {
    email: DEMO_EMAILS.practice,
    password_hash: passwordHash,
    first_name: 'Morgan',
    last_name: 'Lee',
    full_name: 'Morgan Lee',
    company_name: company,
    phone_number: '+16175550188',
  });
  const accountId = await insertAccount(knex, { name: company, has_paid_plan: true }, userId, [
    'owner',
    'intake-coordinator',
    'intake-exporter',
  ]);
  const practiceId = await insertProvider(knex, userId, {
    account_id: accountId,
    type: 'practice',
    status: 'active',
    company_name: company,
    first_name: 'Morgan',
    last_name: 'Lee',
    slug: await freeSlug(knex, slugify(company)),
    primary_profession_tag_id: await tagId(knex, 'professions', 'Group practice'),
    phone_number: '+16175550188',
    contact_email: DEMO_EMAILS.practice,
    professional_statement: HARBOR_LIGHT_STATEMENT,
    timezone: 'America/New_York',
    went_live_at: daysAgo(700),
    custom_content: {
      tagline: 'Evidence-based therapy for individuals, couples and families in Boston',
      boxes: [
        {
          title: 'How do I get matched with a therapist?',
          text: 'Our intake coordinator reviews your request within one business day and suggests the clinician who best fits your needs and schedule.',
        },
        {
          title: 'Do you take insurance?',
          text: 'We are in network with several major plans and provide superbills for out-of-network reimbursement.',
        },
      ],
      session_fee_ongoing: 160,
      session_length_ongoing: 50,
      session_fee_couples: 200,
      session_length_couples: 60,
      session_fee_family: 200,
      session_length_family: 60,
      payment_methods: ['credit_card', 'debit_card', 'check'],
      session_frequency: 'weekly',
      offer_oon_reimbursement_superbills: true,
      vetting_status: 'vetted',
      cta: {},
      availability_last_updated: new Date().toISOString(),
      display_contact_form: true,
      videos: [],
    },
  });
  await tagProvider(
    knex,
    practiceId,
    {
      professions: ['Group practice', 'Licensed Mental Health Counselor'],
      languages: ['English', 'Portuguese'],
      specialties: ['Anxiety', 'Depression', 'Relationship Issues', 'Family Conflict', 'Parenting', 'Life Transitions'],
      approaches: [
        'Cognitive Behavioral Therapy (CBT)',
        'Emotionally Focused Therapy (EFT)',
        'Family Systems',
        'Gottman Method',
      ],
      clientele: ['Teens (14 to 18)', 'Adults (25 to 64)', 'Individuals', 'Couples', 'Families'],
      insurances: ['Blue Cross Blue Shield', 'Harvard Pilgrim Health Care', 'Tufts Health Plan', 'Aetna'],
    },
    ['Anxiety', 'Relationship Issues', 'Family Conflict'],
  );
  await addMassachusettsPractice(knex, practiceId, 'Harbor Light Boston', 'LMHC', '10234');
  await knex('unregistered_practice_providers').insert({
    provider_id: practiceId,
    first_name: 'Elena',
    last_name: 'Vasquez',
    degree_tag_id: await tagId(knex, 'degrees', 'LMHC'),
    title: 'Staff Therapist',
    sort_order: 1,
  });

  const clinicians = [
    {
      first: 'Priya',
      last: 'Shah',
      status: 'active',
      degrees: ['LICSW', 'MSW'],
      profession: 'Licensed Independent Clinical Social Worker',
      number: '115873',
      order: 1,
    },
    {
      first: 'Marcus',
      last: 'Bell',
      status: 'inactive',
      degrees: ['LMHC', 'MA'],
      profession: 'Licensed Mental Health Counselor',
      number: '9921',
      order: 2,
    },
  ];
  for (const c of clinicians) {
    const clinicianId = await insertProvider(knex, userId, {
      account_id: accountId,
      type: 'individual',
      status: c.status,
      first_name: c.first,
      last_name: c.last,
      slug: await freeSlug(knex, slugify(`${c.first} ${c.last}`)),
      primary_profession_tag_id: await tagId(knex, 'professions', c.profession),
      contact_email: DEMO_EMAILS.practice,
      practice_id: practiceId,
      practice_sort_order: c.order,
      timezone: 'America/New_York',
      went_live_at: daysAgo(300),
      custom_content: {
        pronouns: c.first === 'Priya' ? 'She/Her/Hers' : 'He/Him/His',
        session_fee_ongoing: 160,
        session_length_ongoing: 50,
        payment_methods: ['credit_card', 'check'],
        vetting_status: 'vetted',
        cta: {},
        videos: [],
      },
    });
    await tagProvider(
      knex,
      clinicianId,
      {
        professions: [c.profession],
        degrees: c.degrees,
        languages: ['English'],
        specialties: ['Anxiety', 'Depression', 'Life Transitions', 'Self-Esteem'],
        approaches: ['Cognitive Behavioral Therapy (CBT)', 'Person-Centered'],
        clientele: ['Adults (25 to 64)', 'Individuals'],
      },
      ['Anxiety', 'Depression', 'Life Transitions'],
    );
    await addMassachusettsPractice(knex, clinicianId, `${c.first} ${c.last} at Harbor Light`, c.degrees[0], c.number);
  }
}

// Jamie Chen: signed up with the new wizard, stopped after Locations (no professions yet).
async function createIncomplete(knex: Knex, passwordHash: string): Promise<void> {
  const userId = await insertUser(knex, {
    email: DEMO_EMAILS.incomplete,
    password_hash: passwordHash,
    first_name: 'Jamie',
    last_name: 'Chen',
    full_name: 'Jamie Chen',
    phone_number: '+14155550167',
  });
  const accountId = await insertAccount(knex, { name: 'Jamie Chen', has_paid_plan: false }, userId, ['owner']);
  const providerId = await insertProvider(knex, userId, {
    account_id: accountId,
    type: 'individual',
    status: 'incomplete',
    first_name: 'Jamie',
    last_name: 'Chen',
    slug: await freeSlug(knex, 'jamie-chen'),
    phone_number: '+14155550167',
    contact_email: DEMO_EMAILS.incomplete,
    timezone: 'America/Los_Angeles',
    created_with_new_wizard: true,
    custom_content: {},
  });
  await knex('locations').insert({
    provider_id: providerId,
    state: 'CA',
    remote_location: true,
    accepting_patients: 40,
  });
  await knex('licenses').insert({
    provider_id: providerId,
    state: 'CA',
    number: 'LMFT 123456',
    license_type: 'LMFT',
    expiration: 2027,
    verification: 'Unverified',
  });
}

// Riley Brooks: a finished profile whose membership payment did not go through (billing trouble):
// one subscription waits on a card that is declined when charged, an earlier one expired before it
// started. The subscriptions themselves come from seeds/demo-billing.ts (they live on the card server).
async function createBillingTrouble(knex: Knex, passwordHash: string): Promise<void> {
  const userId = await insertUser(knex, {
    email: DEMO_EMAILS.billing,
    password_hash: passwordHash,
    first_name: 'Riley',
    last_name: 'Brooks',
    full_name: 'Riley Brooks',
    phone_number: '+16175550188',
  });
  const accountId = await insertAccount(knex, { name: 'Riley Brooks', has_paid_plan: false }, userId, ['owner']);
  const providerId = await insertProvider(knex, userId, {
    account_id: accountId,
    type: 'individual',
    status: 'pending',
    first_name: 'Riley',
    last_name: 'Brooks',
    slug: await freeSlug(knex, 'riley-brooks'),
    phone_number: '+16175550188',
    contact_email: DEMO_EMAILS.billing,
    timezone: 'America/New_York',
    custom_content: {},
  });
  await knex('locations').insert({
    provider_id: providerId,
    state: 'MA',
    remote_location: true,
    accepting_patients: 40,
  });
}

// Alex Morgan: a live profile whose user signs in with a second factor by SMS.
async function createTwoFactor(knex: Knex, passwordHash: string): Promise<void> {
  const userId = await insertUser(knex, {
    email: DEMO_EMAILS.twoFactor,
    password_hash: passwordHash,
    first_name: 'Alex',
    last_name: 'Morgan',
    full_name: 'Alex Morgan',
    phone_number: '+15555550123',
    two_factor_phone: '+15555550123',
    two_factor_enrolled_at: daysAgo(60),
  });
  const accountId = await insertAccount(knex, { name: 'Alex Morgan', has_paid_plan: true }, userId, ['owner']);
  const providerId = await insertProvider(knex, userId, {
    account_id: accountId,
    type: 'individual',
    status: 'active',
    first_name: 'Alex',
    last_name: 'Morgan',
    slug: await freeSlug(knex, 'alex-morgan'),
    primary_profession_tag_id: await tagId(knex, 'professions', 'Licensed Professional Counselor'),
    phone_number: '+15555550123',
    contact_email: DEMO_EMAILS.twoFactor,
    professional_statement: ALEX_STATEMENT,
    timezone: 'America/Chicago',
    went_live_at: daysAgo(200),
    custom_content: {
      pronouns: 'They/Them/Theirs',
      session_fee_ongoing: 140,
      session_length_ongoing: 50,
      payment_methods: ['credit_card', 'venmo'],
      session_frequency: 'weekly',
      vetting_status: 'vetted',
      cta: {},
      videos: [],
    },
  });
  await tagProvider(
    knex,
    providerId,
    {
      professions: ['Licensed Professional Counselor'],
      degrees: ['MA', 'LPC'],
      languages: ['English'],
      specialties: ['Anxiety', 'LGBTQ+ Issues', 'Gender Identity', 'Depression', 'Life Transitions'],
      approaches: ['Acceptance and Commitment Therapy (ACT)', 'Internal Family Systems (IFS)', 'Narrative Therapy'],
      clientele: ['Young Adults (19 to 24)', 'Adults (25 to 64)', 'Individuals'],
      genders: ['Non-binary'],
      identities: ['LGBTQ+', 'Queer'],
    },
    ['Anxiety', 'LGBTQ+ Issues', 'Gender Identity'],
  );
  await knex('locations').insert({
    provider_id: providerId,
    location_name: 'South Congress Office',
    address: '1600 S Congress Ave',
    address_2: 'Suite 210',
    city: 'Austin',
    state: 'TX',
    zip: '78704',
    accepting_patients: 20,
    hours: JSON.stringify(WEEKDAY_HOURS),
    daytime_availability: true,
    afternoon_availability: true,
  });
  await knex('licenses').insert({
    provider_id: providerId,
    state: 'TX',
    number: '78234',
    license_type: 'LPC',
    expiration: 2027,
    verification: 'Verified',
  });
}

// Casey Client: a directory client (scope client only), with no account or profile.
async function createClient(knex: Knex, passwordHash: string): Promise<void> {
  await insertUser(knex, {
    email: DEMO_EMAILS.client,
    password_hash: passwordHash,
    first_name: 'Casey',
    last_name: 'Client',
    full_name: 'Casey Client',
    scopes: ['client'],
  });
}

async function insertUser(knex: Knex, row: Insertable<Users>): Promise<Id> {
  const [{ id }] = await knex('users')
    .insert({ email_confirmed_at: daysAgo(500), ...row })
    .returning('id');
  return id;
}

async function insertAccount(
  knex: Knex,
  row: { name: string; has_paid_plan: boolean },
  ownerUserId: Id,
  roles: string[],
): Promise<Id> {
  const [{ id }] = await knex('accounts').insert(row).returning('id');
  await knex('account_roles').insert(roles.map((role) => ({ user_id: ownerUserId, account_id: id, role })));
  return id;
}

/** Creates the provider and gives the user clinician access to it; the first one becomes the remembered profile. */
async function insertProvider(
  knex: Knex,
  clinicianUserId: Id,
  row: Omit<Insertable<Providers>, 'custom_content'> & { custom_content: Record<string, unknown> },
): Promise<Id> {
  const [{ id }] = await knex('providers')
    .insert({ ...row, custom_content: JSON.stringify(row.custom_content) })
    .returning('id');
  await knex('provider_clinicians').insert({ user_id: clinicianUserId, provider_id: id });
  await knex('users')
    .where({ id: clinicianUserId })
    .whereNull('selected_provider_id')
    .update({ selected_provider_id: id });
  return id;
}

async function tagProvider(knex: Knex, providerId: Id, tags: TagNames, topSpecialties: string[]): Promise<void> {
  const top = new Set(topSpecialties.map(slugify));
  const rows: Array<{ provider_id: Id; tag_id: Id; is_top: boolean }> = [];
  for (const [type, names] of Object.entries(tags) as Array<[TagType, string[]]>) {
    for (const name of names) {
      rows.push({
        provider_id: providerId,
        tag_id: await tagId(knex, type, name),
        is_top: type === 'specialties' && top.has(slugify(name)),
      });
    }
  }
  if (rows.length > 0) await knex('taggings').insert(rows);
}

async function addMassachusettsPractice(
  knex: Knex,
  providerId: Id,
  locationName: string,
  licenseType: string,
  number: string,
): Promise<void> {
  await knex('locations').insert({
    provider_id: providerId,
    location_name: locationName,
    address: '75 State St',
    address_2: 'Floor 9',
    city: 'Boston',
    state: 'MA',
    zip: '02109',
    accepting_patients: 40,
    hours: JSON.stringify(['8am - 6pm', '8am - 6pm', '8am - 8pm', '8am - 8pm', '8am - 4pm', '9am - 1pm', 'Closed']),
    morning_availability: true,
    daytime_availability: true,
    afternoon_availability: true,
    evening_availability: true,
    weekend_availability: true,
    ada_accessible: true,
  });
  await knex('licenses').insert({
    provider_id: providerId,
    state: 'MA',
    number,
    license_type: licenseType,
    expiration: 2028,
    verification: 'Verified',
  });
}

async function tagId(knex: Knex, type: TagType, name: string): Promise<Id> {
  const tag = await knex('tags')
    .where({ type, slug: slugify(name) })
    .first('id');
  if (!tag) throw new Error(`Demo seed: tag ${type}/${name} is missing; run seedReference first.`);
  return tag.id;
}

/** The base slug, or base-2, base-3 ... when a real profile already took it. */
async function freeSlug(knex: Knex, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const taken = await knex('providers').where({ slug }).first('id');
    if (!taken) return slug;
  }
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}

// The referral funnel's profile views and contact clicks (issue [22] item 3), as the directory would have
// sent them: the last six months of Dana's profile and of every profile of Morgan's practice, a few views a
// day and a click every fourth day. Stored once per profile and event id, so re-running adds nothing.
async function seedProfileEvents(knex: Knex): Promise<void> {
  const profiles = await knex('provider_clinicians as pc')
    .join('users as u', 'u.id', 'pc.user_id')
    .whereIn('u.email', [DEMO_EMAILS.individual, DEMO_EMAILS.practice])
    .pluck('pc.provider_id');
  if (profiles.length === 0) return;
  await knex.raw(
    `INSERT INTO profile_events (provider_id, kind, occurred_at, event_id)
     SELECT p, CASE WHEN k = 0 AND d % 4 = 0 THEN 'contact_click' ELSE 'profile_view' END,
            now() - d * interval '1 day' - (k * 97 + p) % 600 * interval '1 minute', 'demo-' || p || '-' || d || '-' || k
       FROM unnest(?::bigint[]) p, generate_series(0, 179) d, generate_series(0, 2 + (d * 7) % 5) k
     ON CONFLICT (provider_id, event_id) DO NOTHING`,
    [profiles],
  );
}

/** Dana's (individual@demo.test) individual profile. */
function danaProfile(knex: Knex): Promise<{ id: number } | undefined> {
  return knex('users as u')
    .join('provider_clinicians as pc', 'pc.user_id', 'u.id')
    .join('providers as p', 'p.id', 'pc.provider_id')
    .where({ 'u.email': DEMO_EMAILS.individual, 'p.type': 'individual' })
    .orderBy('p.id')
    .first('p.id');
}

// Availability & Locations: Dana's vacation responder is filled in (two weeks from seeding, for a week)
// but off, so the demo can switch it on. Only while it was never filled in: re-running changes nothing.
async function seedVacationResponder(knex: Knex): Promise<void> {
  const dana = await danaProfile(knex);
  if (!dana) return;
  const day = (days: number) => format(addDays(new Date(), days, { in: utc }), 'yyyy-MM-dd', { in: utc });
  await knex('out_of_office_messages')
    .where({ provider_id: dana.id })
    .whereNull('message')
    .update({
      start_date: day(14),
      end_date: day(21),
      message: 'Thank you for reaching out! I am away this week and will reply to every message as soon as I am back.',
    });
}

// Dashboard and calendar: Dana's phone consultations with the demo client: two upcoming (in about 2
// hours and about a day after seeding, so the dashboard widget shows rows), one past, one canceled and
// one legacy (imported, view-only), with intake answers; and one unread message. Only while Dana has no
// appointment and no conversation yet: re-running changes nothing.
async function seedDashboardWidgets(knex: Knex): Promise<void> {
  const dana = await danaProfile(knex);
  const client = await knex('users').where({ email: DEMO_EMAILS.client }).first('id');
  if (!dana || !client) return;
  const busy =
    (await knex('appointments').where({ provider_id: dana.id }).first('id')) ??
    (await knex('conversations').where({ provider_id: dana.id }).first('id'));
  if (busy) return;
  const hour = 60 * 60 * 1000;
  const onTheHour = (hoursAhead: number) => new Date(Math.ceil((Date.now() + hoursAhead * hour) / hour) * hour);
  const length = calendar.CALENDAR_RULES.consultationMinutes * 60 * 1000;
  const consultation = (hoursAhead: number, row: Record<string, unknown> = {}) => ({
    provider_id: dana.id,
    client_user_id: client.id,
    start_time: onTheHour(hoursAhead),
    end_time: new Date(onTheHour(hoursAhead).getTime() + length),
    ...row,
  });
  // The intake answers are what the client wrote: stored encrypted, as the booking stores them.
  const sealed = async <R extends object>(rows: R[]): Promise<R[]> => {
    for (const row of rows) {
      const columns = row as Record<string, unknown>;
      if (columns.intake_form)
        columns.intake_form = JSON.stringify(await encryptJson(knex, columns.intake_form as Record<string, unknown>));
    }
    return rows;
  };
  await knex('appointments').insert(
    await sealed([
      consultation(2, {
        intake_form: { state: 'NY', session_type: 'Individual therapy', insurance: 'Aetna', reason: 'Anxiety at work' },
      }),
      consultation(25, {
        intake_form: { state: 'NY', session_type: 'Couples therapy', insurance: 'Paying out of pocket' },
      }),
      consultation(-70, { intake_form: { state: 'NY', session_type: 'Individual therapy', insurance: 'Cigna' } }),
      consultation(74, {
        canceled: true,
        canceled_at: new Date(),
        cancel_message: 'Something came up at work, sorry!',
        intake_form: { state: 'NJ', session_type: 'Individual therapy' },
      }),
      consultation(-240, { legacy: true }),
    ]),
  );
  const [conversation] = await knex('conversations')
    .insert({ provider_id: dana.id, client_user_id: client.id, last_message_at: new Date() })
    .returning('id');
  await insertMessageRows(knex, [
    {
      conversation_id: conversation.id,
      provider_id: dana.id,
      client_user_id: client.id,
      sender: 'client',
      message_content: 'Hi Dana, I would like to talk about starting therapy. Do you have evening times?',
    },
  ]);
}

// The call calendar: Dana's weekday availability (9:00am–12:00pm and 1:00pm–5:00pm, repeating without
// end from the day of seeding), one instance moved (an exception) and one Unavailable block, made with
// the same rules as the calendar's forms. Only while Dana has no availability: re-running changes nothing.
async function seedCalendar(knex: Knex): Promise<void> {
  const dana = await danaProfile(knex);
  if (!dana || (await knex('availability_events').where({ provider_id: dana.id }).first('id'))) return;
  const now = new Date();
  const { timezone: timeZone } = (await knex('providers').where({ id: dana.id }).first('timezone'))!;
  const today = calendar.dateKeyOf(now, timeZone);
  const parsed = (values: Partial<calendar.AvailabilityFormValues>) => {
    const outcome = calendar.parseAvailabilityForm(
      { date: today, free: 'free', recurrence: 'none', ends: 'never', ...values } as calendar.AvailabilityFormValues,
      { timeZone, now, requireWindow: false },
    );
    if (!outcome.ok) throw new Error(`demo calendar: ${JSON.stringify(outcome.errors)}`);
    return outcome.input;
  };
  const mornings = await calendar.createAvailability(
    knex,
    dana.id,
    parsed({ start_time: '9:00am', end_time: '12:00pm', recurrence: 'weekdays' }),
  );
  await calendar.createAvailability(
    knex,
    dana.id,
    parsed({ start_time: '1:00pm', end_time: '5:00pm', recurrence: 'weekdays' }),
  );
  // The third weekday morning from now starts an hour late (an exception of the series).
  const week = calendar.instancesBetween(knex, dana.id, now, new Date(now.getTime() + 8 * 24 * 60 * 60 * 1000));
  const moved = (await week).filter((i) => i.seriesId === mornings.id && i.start > now)[2];
  if (moved?.originalStart) {
    await calendar.editInstance(
      knex,
      dana.id,
      mornings.id,
      moved.originalStart,
      parsed({ date: calendar.dateKeyOf(moved.start, timeZone), start_time: '10:00am', end_time: '12:00pm' }),
    );
  }
  // Unavailable: a one-off busy block in the afternoon two days from now.
  await calendar.createAvailability(
    knex,
    dana.id,
    parsed({ date: calendar.addDays(today, 2), start_time: '2:00pm', end_time: '3:00pm', free: 'busy' }),
  );
}

// Messaging (spec 3 §3, §4): Dana's conversations show every kind of thread — unread ones, a referral
// (intake) answered, a booking's intake, a benefits check, a message she deleted, a conversation the
// team locked and a client who deleted their data. The practice's inbox spans its two active profiles
// with 250 clients over two years (conversations and booked consultations: its client history and
// referrals). Only while none of these demo clients exists: re-running changes nothing.
// The practice inbox's intake desk (issue [22] item 2): Harbor Light's saved replies, and internal notes on its
// two newest conversations. Each part only when the account has none yet, so re-running changes nothing.
async function seedIntakeDesk(knex: Knex): Promise<void> {
  const practice = await knex('providers')
    .where({ company_name: 'Harbor Light Counseling Group', type: 'practice' })
    .first('id', 'account_id');
  const morgan = await knex('users').where({ email: DEMO_EMAILS.practice }).first('id');
  if (!practice || !morgan) return;
  if (!(await knex('saved_replies').where({ account_id: practice.account_id }).first('id')))
    await knex('saved_replies').insert(
      [
        {
          title: 'Welcome and booking',
          body: 'Hi {{client_first_name}},\n\nThank you for reaching out to Harbor Light. {{provider_name}} has openings this month: you can book a free 15-minute phone consultation here: {{booking_link}}\n\nWarmly,\nThe Harbor Light intake team',
        },
        {
          title: 'Out-of-network benefits',
          body: 'Hi {{client_first_name}}, we are out of network with most plans, but many clients are reimbursed. You can check your own benefits with {{provider_name}} in two minutes: {{benefits_check_link}}',
        },
        {
          title: 'Waitlist',
          body: 'Hi {{client_first_name}}, {{provider_name}} is full right now. We have added you to the waitlist and will write as soon as a time opens.',
        },
      ].map((reply) => ({ ...reply, account_id: practice.account_id, created_by: morgan.id, updated_by: morgan.id })),
    );
  const newest = await knex('conversations')
    .where({ account_id: practice.account_id })
    .orderBy('last_message_at', 'desc')
    .limit(2)
    .pluck('id');
  if (newest.length && !(await knex('conversation_notes').whereIn('conversation_id', newest).first('id')))
    await knex('conversation_notes').insert(
      newest.map((conversationId, i) => ({
        conversation_id: conversationId,
        author_user_id: morgan.id,
        body:
          i === 0
            ? 'Called back: prefers evening sessions, asked about couples work.'
            : 'Aetna member: sent the benefits check link.',
        created_at: new Date(Date.now() - (i + 1) * 30 * 60 * 1000),
      })),
    );
}

/**
 * The desk state of Harbor Light's conversations (issue [22] item 2), as the practice would have left it:
 * answered ones replied, those with a consultation booked, answered ones over a year old closed; the newest
 * five (unread) new, two of them Morgan's; one answered conversation snoozed for three days; every other
 * answered one Morgan's. Only while every conversation of the account is still new and unassigned.
 */
async function seedDeskState(knex: Knex): Promise<void> {
  const practice = await knex('providers')
    .where({ company_name: 'Harbor Light Counseling Group', type: 'practice' })
    .first('account_id');
  const morgan = await knex('users').where({ email: DEMO_EMAILS.practice }).first('id');
  if (!practice || !morgan) return;
  const touched = await knex('conversations')
    .where({ account_id: practice.account_id })
    .where((q) => q.whereNot('desk_status', 'new').orWhereNotNull('assignee_user_id'))
    .first('id');
  if (touched) return;
  await knex.raw(
    `with ranked as (
      select c.id, row_number() over (order by c.last_message_at desc, c.id desc) as n,
        exists (select 1 from messages m where m.conversation_id = c.id and m.sender = 'provider' and m.type = 'message') as answered,
        exists (select 1 from appointments a where a.provider_id = c.provider_id and a.client_user_id = c.client_user_id) as booked,
        c.last_message_at < now() - interval '1 year' as old
      from conversations c where c.account_id = ?)
    update conversations c set
      desk_status = case when not r.answered then 'new' when r.old then 'closed' when r.booked then 'consultation_booked' else 'replied' end,
      assignee_user_id = case when (not r.answered and r.n <= 2) or (r.answered and r.n % 2 = 0) then ?::bigint end,
      snoozed_until = case when r.n = 7 then now() + interval '3 days' end
    from ranked r where r.id = c.id`,
    [practice.account_id, morgan.id],
  );
}

async function seedMessaging(knex: Knex): Promise<void> {
  const dana = await danaProfile(knex);
  const practice = await knex('providers')
    .where({ company_name: 'Harbor Light Counseling Group', type: 'practice' })
    .first('id', 'account_id');
  if (!dana || !practice || (await knex('users').where({ email: 'jordan.ellis@client.demo.test' }).first('id'))) return;
  const hour = 60 * 60 * 1000;
  const ago = (hours: number) => new Date(Date.now() - hours * hour);
  const client = async (first: string, last: string) => {
    const [row] = await knex('users')
      .insert({
        email: `${first}.${last}@client.demo.test`.toLowerCase(),
        first_name: first,
        last_name: last,
        full_name: `${first} ${last}`,
        phone_number: '+12125550188',
        scopes: ['client'],
        email_confirmed_at: ago(24 * 30),
      })
      .returning('id');
    return Number(row.id);
  };
  type Line = {
    sender: 'client' | 'provider';
    text: string | null;
    hoursAgo: number;
    type?: string;
    read?: boolean;
    extra?: Record<string, unknown>;
  };
  const thread = async (
    providerId: number,
    clientUserId: number,
    lines: Line[],
    conversation: Record<string, unknown> = {},
  ) => {
    const [row] = await knex('conversations')
      .insert({
        provider_id: providerId,
        client_user_id: clientUserId,
        last_message_at: ago(Math.min(...lines.map((l) => l.hoursAgo))),
        ...conversation,
      })
      .returning('id');
    await insertMessageRows(
      knex,
      lines.map((line) => ({
        conversation_id: row.id,
        provider_id: providerId,
        client_user_id: clientUserId,
        sender: line.sender,
        type: line.type ?? 'message',
        message_content: line.text,
        send_date: ago(line.hoursAgo),
        created_at: ago(line.hoursAgo),
        read_at: line.sender === 'client' && line.read !== false ? ago(line.hoursAgo - 0.5) : null,
        ...line.extra,
      })),
    );
  };
  const intake = {
    state: 'NY',
    session_type: 'Individual therapy',
    insurance: 'Aetna',
    source: 'directory',
    source_type: 'profile',
  };

  await thread(dana.id, await client('Jordan', 'Ellis'), [
    {
      sender: 'client',
      type: 'messaging_tool_intake',
      hoursAgo: 50,
      text: 'Hello! I found you in the directory and I am looking for help with work stress. Are you taking new clients?',
      extra: { intake_form: intake },
    },
    {
      sender: 'provider',
      hoursAgo: 48,
      text: 'Hi Jordan, thank you for reaching out. Yes, I have openings on Tuesday and Thursday afternoons. Would a short phone call this week suit you?',
    },
    { sender: 'client', hoursAgo: 3, read: false, text: 'Thursday afternoon works for me. Thank you!' },
  ]);
  await thread(dana.id, await client('Sam', 'Ortiz'), [
    {
      sender: 'client',
      type: 'messaging_tool_intake',
      hoursAgo: 20,
      read: false,
      text: 'Hi, I would like to start therapy and use my out-of-network benefits if I can.',
      extra: {
        intake_form: { ...intake, insurance: 'UnitedHealthcare' },
        vob_data: {
          status: 'run',
          estimated_reimbursement_after_deductible_percent: 60,
          oon_individual_deductible_remaining_dollars: 450,
          oon_family_deductible_remaining_dollars: 1200,
        },
        vob_input_info: { insurance_name: 'UnitedHealthcare', member_id: 'UHC-DEMO-0042', dob: '1990-04-12' },
      },
    },
  ]);
  await thread(dana.id, await client('Taylor', 'Brooks'), [
    { sender: 'client', hoursAgo: 120, text: 'Do you offer evening sessions?' },
    { sender: 'provider', hoursAgo: 119, text: null, extra: { deleted_at: ago(118), deleted_by: 'provider' } },
    { sender: 'provider', hoursAgo: 118, text: 'Yes, I see clients until 8pm on Mondays and Wednesdays.' },
  ]);
  await thread(
    dana.id,
    await client('Riley', 'Chen'),
    [{ sender: 'client', hoursAgo: 300, text: 'Hello, is this still the right place to reach you?' }],
    { is_locked: true },
  );
  await thread(
    dana.id,
    await client('Avery', 'Quinn'),
    [
      { sender: 'client', hoursAgo: 400, text: 'I would like to ask about your fees.' },
      {
        sender: 'provider',
        hoursAgo: 399,
        text: 'My fee is $150 for a 50-minute session; I also offer a sliding scale.',
      },
    ],
    { client_redacted_at: ago(200) },
  );

  // The practice: 250 clients over the last two years, each written to one of its two active profiles;
  // every third also booked a consultation. The newest five are unread.
  const members = await knex('providers').where({ practice_id: practice.id, status: 'active' }).pluck('id');
  const profiles = [practice.id, ...members].slice(0, 2);
  const firsts = ['Alex', 'Blair', 'Casey', 'Drew', 'Emery', 'Finley', 'Gray', 'Harper', 'Indy', 'Jules'];
  const lasts = [
    'Adams',
    'Baker',
    'Cruz',
    'Diaz',
    'Evans',
    'Flores',
    'Garcia',
    'Hughes',
    'Iqbal',
    'Jensen',
    'Kim',
    'Lopez',
    'Meyer',
    'Nguyen',
    'Owens',
    'Patel',
    'Reyes',
    'Singh',
    'Turner',
    'Vega',
    'Walsh',
    'Young',
    'Zhang',
    'Brown',
    'Clark',
  ];
  for (let i = 0; i < 250; i++) {
    const providerId = profiles[i % profiles.length]!;
    const hoursAgo = 2 + i * 70; // about every three days, back two years
    const clientUserId = await client(firsts[i % firsts.length]!, lasts[Math.floor(i / firsts.length) % lasts.length]!);
    await thread(providerId, clientUserId, [
      {
        sender: 'client',
        type: 'messaging_tool_intake',
        hoursAgo,
        read: i >= 5,
        text: 'Hello, I am looking for a therapist and would like to know more about your practice.',
        extra: { intake_form: intake },
      },
      ...(i >= 5
        ? [
            {
              sender: 'provider' as const,
              hoursAgo: hoursAgo - 1,
              text: 'Thank you for reaching out! We would be glad to help. When is a good time for a short call?',
            },
          ]
        : []),
    ]);
    if (i % 3 === 0 && i >= 3) {
      const start = new Date(Math.floor(ago(hoursAgo - 24).getTime() / hour) * hour);
      await knex('appointments').insert({
        provider_id: providerId,
        client_user_id: clientUserId,
        start_time: start,
        end_time: new Date(start.getTime() + 15 * 60 * 1000),
        intake_form: JSON.stringify(await encryptJson(knex, intake)),
        created_at: ago(hoursAgo),
        updated_at: ago(hoursAgo),
      });
    }
  }
}
