import type { THomeMessages } from './home-messages.zh-CN';

export const homeEn: THomeMessages = {
  hero: {
    badge: 'Free · No download · Scan to answer',
    title: 'Data collection,',
    titleAccent: 'made simple',
    subtitle:
      'Surveys, exams, sign-up forms, votes, chains, payments and bookings: {{brand}} does it all on one platform. Build in minutes, publish in one click, see results live.',
    primary: 'Start free',
    secondary: 'Browse templates',
    workbench: 'Open workbench',
    mockTitle: '2025 Customer Satisfaction Survey',
    mockQuestion: '1. How satisfied are you with our service?',
    mockOptions: ['Very satisfied', 'Satisfied', 'Neutral', 'Unsatisfied'],
    mockCollected: 'Responses',
    mockCollectedValue: '1,286',
    mockRate: 'Completion',
    mockRateValue: '92.4%',
    mockToast: 'New response just now',
  },
  stats: [
    { value: '¥0', label: 'to create and publish on the free plan' },
    { value: '5 min', label: 'from blank page to your first project' },
    { value: '7', label: 'apps for collecting, exams, votes and payments' },
    { value: '30+', label: 'question types with rich logic' },
  ],
  products: {
    title: 'One platform for every kind of collection',
    subtitle: 'Start with a survey and grow into exams, sign-ups, votes, chains, payments and bookings, all in one workbench.',
    more: 'Learn more',
  },
  features: {
    title: 'Professional features, ready to use',
    subtitle: 'No code and no complicated software: build a survey like writing a document.',
    items: [
      { title: 'WYSIWYG editor', desc: 'Drag to reorder; add choice, matrix, rating, upload and 30+ other question types.' },
      { title: 'Skip and display logic', desc: 'Jump or show questions by answer, so each respondent sees the right survey.' },
      { title: 'Publish anywhere', desc: 'Links, QR codes and posters in one click; share by WeChat, SMS or e-mail; answer on any device.' },
      { title: 'Live reports', desc: 'Charts generated automatically, cross-tabs and filters, export to Excel or PDF.' },
      { title: 'Teamwork', desc: 'Invite colleagues to edit or view data with manage, edit and view permissions.' },
      { title: 'Secure data', desc: 'Encrypted in transit, self-hostable, your data stays yours to export or delete.' },
    ],
  },
  steps: {
    title: 'Three steps to collect anything',
    items: [
      { title: 'Create', desc: 'Start blank, import text, or use one of many free templates.' },
      { title: 'Publish', desc: 'Get a link and QR code; set time window, quotas and who may answer.' },
      { title: 'Analyse', desc: 'Watch live charts and download raw data and reports.' },
    ],
  },
  scenes: {
    title: 'Used across industries',
    tabs: [
      { key: 'company', label: 'Business', title: 'Companies and teams', desc: 'Customer satisfaction, employee engagement, 360 reviews, training exams and event sign-ups under one account.', points: ['Customer satisfaction', 'Employee surveys', 'Training exams', 'Meeting sign-up'] },
      { key: 'school', label: 'Education', title: 'Schools and training', desc: 'Quizzes, parent replies, club recruiting, award votes and course preferences: easy for teachers and parents.', points: ['Quizzes', 'Parent replies', 'Award votes', 'Course surveys'] },
      { key: 'gov', label: 'Community', title: 'Communities and public services', desc: 'Public consultation, registration, appointments and volunteer recruiting: scan and take part.', points: ['Consultation', 'Registration', 'Appointments', 'Volunteers'] },
      { key: 'shop', label: 'Merchants', title: 'Merchants and events', desc: 'Group-buy chains, payments, store bookings, lucky draws and popularity votes turn traffic into orders.', points: ['Group buying', 'Payments', 'Store bookings', 'Popularity votes'] },
    ],
  },
  coin: {
    title: 'Complete tasks, earn {{coin}}',
    desc: 'Daily check-ins, sharing templates and inviting friends all earn {{coin}}, which you can spend on gifts, membership and services.',
    action: 'Go to tasks',
    gifts: 'Gift shop',
  },
  cta: {
    title: 'Create your first project for free today',
    desc: 'Nothing to install. Sign up and start.',
    action: 'Start free',
  },
  landing: {
    create: 'Create for free',
    templates: 'Browse templates',
    featuresTitle: 'Why {{brand}}',
    scenesTitle: 'Use cases',
    stepsTitle: 'How it works',
    faqTitle: 'FAQ',
    ctaTitle: 'Get started for free',
  },
  kinds: {
    questionnaire: {
      name: 'Surveys',
      headline: 'Professional online surveys',
      desc: '30+ question types, skip logic, quotas and live statistics for satisfaction, market research and feedback.',
      features: [
        { title: 'Rich question types', desc: 'Choice, text, matrix, scale, ranking, NPS and file upload.' },
        { title: 'Smart logic', desc: 'Skip, display and option logic tailor each respondent’s path.' },
        { title: 'Quality control', desc: 'Time, IP and device limits plus whitelists filter invalid answers.' },
        { title: 'Deep analysis', desc: 'Cross-tabs, filters and automatic charts; export a report in one click.' },
      ],
      scenes: ['Customer satisfaction', 'Market research', 'Engagement', 'Product feedback', 'Personas', 'Event review'],
      faq: [
        { q: 'Is it free?', a: 'Yes. The free plan allows 20 projects a day and 200 questions per project.' },
        { q: 'Do respondents need an account?', a: 'No. They answer through a link or QR code on phone or computer.' },
      ],
    },
    exam: {
      name: 'Exams',
      headline: 'Hassle-free online exams',
      desc: 'Question banks, random papers, auto grading and score lookup for training and classrooms.',
      features: [
        { title: 'Question banks', desc: 'Import questions in bulk and draw random papers by type and difficulty.' },
        { title: 'Auto grading', desc: 'Objective questions graded instantly; grade open answers online.' },
        { title: 'Anti-cheating', desc: 'Time limits, shuffled questions, tab-switch alerts and attempt limits.' },
        { title: 'Score analysis', desc: 'Distribution, per-question accuracy and rankings; export transcripts.' },
      ],
      scenes: ['Onboarding', 'Quizzes', 'Competitions', 'Certification', 'Safety tests', 'Skill tests'],
      faq: [
        { q: 'Can I set an exam time?', a: 'Set start, end and duration; papers are submitted automatically when time is up.' },
        { q: 'Can candidates see results?', a: 'Show scores, answers and explanations right after submission, or publish later.' },
      ],
    },
    form: {
      name: 'Forms',
      headline: 'Easy sign-up and registration forms',
      desc: 'Event sign-ups, registration and intent collection, with automatic cut-off when places are full.',
      features: [
        { title: 'Common fields', desc: 'Name, phone, address, images and attachments with format checks.' },
        { title: 'Quotas', desc: 'Quotas per option close the form automatically when full.' },
        { title: 'Notifications', desc: 'Instant alerts on new entries; SMS and e-mail receipts for respondents.' },
        { title: 'Data management', desc: 'View, filter and export online, as easy as a spreadsheet.' },
      ],
      scenes: ['Event sign-up', 'Registration', 'Check-in', 'Recruiting', 'Intent surveys', 'Club recruiting'],
      faq: [
        { q: 'Can I limit sign-ups?', a: 'Set a total or per-option quota; sign-up closes when it is reached.' },
        { q: 'Can I collect files?', a: 'Yes, forms accept images and attachments for download later.' },
      ],
    },
    voting: {
      name: 'Voting',
      headline: 'Professional online voting',
      desc: 'Photo and video votes and contests with anti-fraud rules and live leaderboards.',
      features: [
        { title: 'Many vote types', desc: 'Photo, video and audio entries, groups and self sign-up.' },
        { title: 'Anti-fraud', desc: 'Daily vote limits, captchas, whitelists and anomaly checks.' },
        { title: 'Live rankings', desc: 'Leaderboards update live; hide counts or publish on schedule.' },
        { title: 'Custom look', desc: 'Covers, themes, background music and posters.' },
      ],
      scenes: ['Awards', 'Photo contests', 'Baby contests', 'Popularity votes', 'Submissions', 'Staff showcase'],
      faq: [
        { q: 'How is vote fraud prevented?', a: 'Limit votes per person per day, enable captchas and whitelists; anomalies are flagged.' },
        { q: 'Can contestants sign up themselves?', a: 'Yes, enable sign-up and approve entries before they go live.' },
      ],
    },
    solitaire: {
      name: 'Chains',
      headline: 'The best sign-up chain for group chats',
      desc: 'Sign-up, check-in and group-buy chains: post one link and see who has joined.',
      features: [
        { title: 'Chain types', desc: 'Sign-up, check-in, group-buy and feedback chains.' },
        { title: 'Live totals', desc: 'Lists and counts update live; export to Excel.' },
        { title: 'Edit or cancel', desc: 'Participants change or cancel their own entry.' },
        { title: 'Chase missing', desc: 'Import a member list to see who has not joined.' },
      ],
      scenes: ['Class check-in', 'Group buying', 'Events', 'Duty rota', 'Supplies', 'Health check-in'],
      faq: [
        { q: 'Can I post it in WeChat groups?', a: 'Yes, share the link or QR code in any chat.' },
        { q: 'Can I see who has not joined?', a: 'Import the member list and the missing members are listed.' },
      ],
    },
    online: {
      name: 'Payments',
      headline: 'Start collecting payments online',
      desc: 'Sell goods, charge event fees or dues: fill in and pay in one step, reconciled automatically.',
      features: [
        { title: 'Flexible pricing', desc: 'Variants, quantities and custom amounts.' },
        { title: 'Orders', desc: 'Orders, refunds and shipping in one place; export any time.' },
        { title: 'Secure funds', desc: 'Money goes straight to your merchant account with clear records.' },
        { title: 'Stock control', desc: 'Stock per variant; sold-out items close automatically.' },
      ],
      scenes: ['Event fees', 'Goods', 'Dues', 'Courses', 'Group buying', 'Ticket pre-sale'],
      faq: [
        { q: 'Do I need a merchant account?', a: 'Yes, complete merchant onboarding; payments go to your account once approved.' },
        { q: 'Can I refund?', a: 'Start a refund from order management; it goes back the way it came.' },
      ],
    },
    appoint: {
      name: 'Bookings',
      headline: 'Simple, efficient online booking',
      desc: 'Open dates and time slots, control places automatically, notify on booking and check in on arrival.',
      features: [
        { title: 'Time slots', desc: 'Weekly schedules; close holidays in one click.' },
        { title: 'Places', desc: 'Places per slot; full slots close automatically.' },
        { title: 'Reminders', desc: 'Confirmation and reminder messages reduce no-shows.' },
        { title: 'Check-in stats', desc: 'Scan to check in and see visits and no-shows at a glance.' },
      ],
      scenes: ['Store visits', 'Venues', 'Interviews', 'Health checks', 'Tours', 'Trial lessons'],
      faq: [
        { q: 'Can I limit people per slot?', a: 'Set places per slot; a full slot can no longer be chosen.' },
        { q: 'Can users cancel?', a: 'Allow cancelling before a deadline; the place is released automatically.' },
      ],
    },
  },
};
