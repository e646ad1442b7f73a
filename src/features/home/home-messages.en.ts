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
      { title: 'Publish anywhere', desc: 'A link and a QR code in one click: post them in group chats or print them on a poster; answer on any device.' },
      { title: 'Live reports', desc: 'Charts generated automatically, cross-tabs and filters, export to Excel or PDF.' },
      { title: 'Teamwork', desc: 'Invite colleagues to edit or view data with manage, edit and view permissions.' },
      { title: 'Your data', desc: 'Self-host it on your own server; export or delete your data at any time.' },
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
      {
        key: 'company',
        label: 'Business',
        title: 'Companies and teams',
        desc: 'Customer satisfaction, employee engagement, 360 reviews, training exams and event sign-ups under one account.',
        points: ['Customer satisfaction', 'Employee surveys', 'Training exams', 'Meeting sign-up'],
      },
      {
        key: 'school',
        label: 'Education',
        title: 'Schools and training',
        desc: 'Quizzes, parent replies, club recruiting, award votes and course preferences: easy for teachers and parents.',
        points: ['Quizzes', 'Parent replies', 'Award votes', 'Course surveys'],
      },
      {
        key: 'gov',
        label: 'Community',
        title: 'Communities and public services',
        desc: 'Public consultation, registration, appointments and volunteer recruiting: scan and take part.',
        points: ['Consultation', 'Registration', 'Appointments', 'Volunteers'],
      },
      {
        key: 'shop',
        label: 'Merchants',
        title: 'Merchants and events',
        desc: 'Group-buy chains, order sheets, store bookings and popularity votes: one link collects it all.',
        points: ['Group buying', 'Order sheets', 'Store bookings', 'Popularity votes'],
      },
    ],
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
        { title: 'Quality control', desc: 'Limits per account, device and IP, passwords and whitelists keep out invalid answers.' },
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
      desc: 'Random papers, auto grading, time limits and score analysis for training and classrooms.',
      features: [
        { title: 'Random papers', desc: 'Import questions from text and draw them at random from groups: one paper per candidate.' },
        { title: 'Auto grading', desc: 'Objective questions graded on submit; show score, answers and explanations afterwards.' },
        { title: 'Time and attempts', desc: 'Whole-exam and per-page time limits, random questions and attempt limits.' },
        { title: 'Score analysis', desc: 'Distribution, per-question accuracy and rankings; export transcripts.' },
      ],
      scenes: ['Onboarding', 'Quizzes', 'Competitions', 'Certification', 'Safety tests', 'Skill tests'],
      faq: [
        { q: 'Can I set an exam time?', a: 'Set start, end and duration; papers are submitted automatically when time is up.' },
        { q: 'Can candidates see results?', a: 'Show scores, answers and explanations right after submission.' },
      ],
    },
    form: {
      name: 'Forms',
      headline: 'Easy sign-up and registration forms',
      desc: 'Event sign-ups, registration and intent collection, with automatic cut-off when places are full.',
      features: [
        { title: 'Common fields', desc: 'Name, phone, address, images and attachments with format checks.' },
        { title: 'Quotas', desc: 'Quotas per option close the form automatically when full.' },
        { title: 'Who may answer', desc: 'Login, password, whitelist and per-person limits let only the right people in.' },
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
      desc: 'Single, multiple and picture choices with per-person vote limits and live totals.',
      features: [
        { title: 'Vote types', desc: 'Single, multiple and picture choices for awards, popularity and entries.' },
        { title: 'Anti-fraud', desc: 'Vote limits per account, device and IP; login-only voting and whitelists.' },
        { title: 'Live totals', desc: 'Counts and shares update live; optionally show results to voters.' },
        { title: 'Custom look', desc: 'Covers, theme colours and background images.' },
      ],
      scenes: ['Awards', 'Photo contests', 'Baby contests', 'Popularity votes', 'Submissions', 'Staff showcase'],
      faq: [
        { q: 'How is vote fraud prevented?', a: 'Limit votes per account, device and IP, or let only whitelisted people vote.' },
        { q: 'Can voters see the results?', a: 'Turn on “show results after submit” and voters see the current totals.' },
      ],
    },
    solitaire: {
      name: 'Chains',
      headline: 'The best sign-up chain for group chats',
      desc: 'Sign-up, check-in and group-buy chains: post one link and see who has joined.',
      features: [
        { title: 'Chain types', desc: 'Sign-up, check-in, group-buy and feedback chains.' },
        { title: 'Live totals', desc: 'Lists and counts update live; export to Excel.' },
        { title: 'Edit after submit', desc: 'Let participants change their own entry; the list updates.' },
        { title: 'Who may join', desc: 'Whitelists and per-person limits: only your group, once each.' },
      ],
      scenes: ['Class check-in', 'Group buying', 'Events', 'Duty rota', 'Supplies', 'Health check-in'],
      faq: [
        { q: 'Can I post it in WeChat groups?', a: 'Yes, share the link or QR code in any chat.' },
        { q: 'Can I limit who joins?', a: 'Turn on the whitelist: only the listed phones or accounts can join.' },
      ],
    },
    online: {
      name: 'Payments',
      headline: 'Goods and fees, collected as orders',
      desc: 'Goods, event fees or dues: variants, stock and limits in one page, totals added up as people fill in.',
      features: [
        { title: 'Flexible pricing', desc: 'Several goods, variants and quantities, totalled automatically.' },
        { title: 'Order list', desc: 'Each submission is an order record to view, filter and export.' },
        { title: 'Merchant onboarding', desc: 'Submit your merchant application online and follow its review.' },
        { title: 'Stock and limits', desc: 'Stock per variant and a limit per person.' },
      ],
      scenes: ['Event fees', 'Goods', 'Dues', 'Courses', 'Group buying', 'Ticket pre-sale'],
      faq: [
        { q: 'Can people pay online?', a: 'Online payment is not available yet: collect orders and totals, and tell people how to pay.' },
        { q: 'Can I export orders?', a: 'Yes, every submission exports to Excel or CSV.' },
      ],
    },
    appoint: {
      name: 'Bookings',
      headline: 'Simple, efficient online booking',
      desc: 'Open weekdays and time slots; people pick a slot and leave their details; the list updates live.',
      features: [
        { title: 'Time slots', desc: 'Weekly schedules of open days and time slots.' },
        { title: 'Booking details', desc: 'Name, phone, service and notes on one page.' },
        { title: 'Limits', desc: 'Bookings per person, login-only booking and whitelists.' },
        { title: 'Export', desc: 'View and filter the booking list; export to Excel.' },
      ],
      scenes: ['Store visits', 'Venues', 'Interviews', 'Health checks', 'Tours', 'Trial lessons'],
      faq: [
        { q: 'Can different days have different slots?', a: 'Choose the open weekdays and set the time slots of each day.' },
        { q: 'Can people change a booking?', a: 'Turn on editing after submit and they can change their own booking.' },
      ],
    },
  },
};
