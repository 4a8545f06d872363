import type { Passage } from './passage';

// The pages anyone can open without an account (SPEC §2.2–§2.7), and how to get in.

export const PUBLIC_PASSAGES: Passage[] = [
  {
    id: 'landing',
    title: 'Home page',
    route: '/',
    public: true,
    tags: ['home', 'landing', 'start', 'welcome', 'features', 'overview', 'about', 'what is casebridge'],
    text: 'The home page introduces CaseBridge, a case management platform for hospitals, clinics, law firms and state litigators in South Africa. From there you can start a free 30-day trial, try the demo, or sign in to an existing account.',
  },
  {
    id: 'trial',
    title: 'Free 30-day trial',
    route: '/trial-signup',
    public: true,
    tags: ['trial', 'free', 'signup', 'sign up', 'start', 'try', 'pricing', 'cost', 'credit card', 'subscribe', 'buy', 'account', 'new organization'],
    text: "Start a free 30-day trial on the 'Start Free 30-Day Trial' page. No credit card is needed. Fill in your organisation's name and type, a contact person and an e-mail address; our team reviews the request and e-mails your access within 24 hours. The trial includes every feature, up to 10 users, personal onboarding and 24/7 support.",
  },
  {
    id: 'contact',
    title: 'Contact Us for Registration',
    route: '/register',
    public: true,
    tags: ['contact', 'register', 'registration', 'phone', 'email', 'sales', 'talk', 'human', 'question', 'help', 'quote'],
    text: "To talk to our team, use 'Contact Us for Registration'. Send your organisation's details and what you need, and we will contact you within 24 hours to set up your account. The page also lists our e-mail address and phone number.",
  },
  {
    id: 'demo',
    title: 'Demo mode',
    route: '/user-select',
    public: true,
    tags: ['demo', 'try', 'explore', 'sample', 'role picker', 'login as', 'test drive', 'preview', 'select user'],
    text: "Try the demo without an account: choose Try Demo, pick a platform (Healthcare, Legal or Medicolegal) and then a role card, and press 'Login as'. The demo shows sample data for that role and nothing you do in it reaches real records. Use Sign Out to leave the demo.",
  },
  {
    id: 'switch-platform',
    title: 'Switching between platforms',
    route: '/user-select',
    public: true,
    tags: ['navigate', 'navigating', 'switch', 'change', 'platform', 'platforms', 'between', 'healthcare', 'legal', 'medicolegal', 'vertical'],
    text: "Each organisation works on one platform. In the demo you can switch: sign out of the demo, choose Try Demo again and pick another platform, or open the role picker with ?platform=healthcare, legal or medicolegal. Inside the app, the left sidebar moves you between screens, and the 'Current Role' picker at its top changes the role you are viewing as.",
  },
  {
    id: 'sign-in',
    title: 'Sign in',
    route: '/login',
    public: true,
    tags: ['sign in', 'login', 'log in', 'password', 'email', 'account', 'access', 'locked', 'forgot'],
    text: "Sign in with your work e-mail address and password on the Sign In page. After several failed attempts sign-in pauses for a few minutes for safety. If you have forgotten your password, ask your organisation's Administrator, or contact us through the Contact Us page.",
  },
  {
    id: 'sign-out',
    title: 'Sign out',
    route: null,
    tags: ['sign out', 'logout', 'log out', 'leave', 'exit'],
    text: "Sign Out is at the bottom of the left sidebar and at the top right of every signed-in screen. In the demo, Sign Out clears the demo role and takes you back to the home page.",
  },
  {
    id: 'super-admin-registration',
    title: 'Super Admin registration',
    route: '/superuser-register',
    public: true,
    tags: ['super admin', 'superuser', 'register', 'secret key', 'system administrator'],
    text: 'A Super Admin account is created on the Super Admin registration page with a name, e-mail, password (at least 8 characters) and the super admin secret key that the system owner holds.',
  },
];
