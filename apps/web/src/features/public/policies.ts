// Static policy texts of a self-hosted, open-source installation. They describe what the software does;
// the organisation running the installation remains responsible for how it operates it.

export type PolicySection = { heading: string; paragraphs: readonly string[] };
export type Policy = { title: string; sections: readonly PolicySection[] };

export const WEBSITE_POLICY: Policy = {
  title: 'Website Policy',
  sections: [
    {
      heading: 'About this website',
      paragraphs: [
        'This website is an installation of OpenGST, open-source software for Indian goods and services tax (GST) compliance. It is run by the organisation that installed it, not by the OpenGST contributors.',
        'Access to the application is limited to users whose accounts the administrator of this installation has created.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Use the application only for the GST work of the organisation that gave you access. Do not try to reach data or functions you have not been given rights to, and do not share your password or one-time passwords.',
        'Sign-in attempts, changes to data and filings are recorded in an audit trail that administrators can read.',
      ],
    },
    {
      heading: 'Accuracy',
      paragraphs: [
        'The application prepares returns, reconciliations and documents from the data you import and enter. Check what you file: the responsibility for a return stays with the taxpayer and the person who files it.',
      ],
    },
    {
      heading: 'Availability',
      paragraphs: [
        'The administrator may take the application offline for scheduled maintenance; you will see a maintenance page and be taken back when it is available again.',
      ],
    },
  ],
};

export const TERMS_CONDITIONS: Policy = {
  title: 'Terms & Conditions',
  sections: [
    {
      heading: 'Software licence',
      paragraphs: [
        'OpenGST is open-source software provided as is, without warranty of any kind, under the licence distributed with its source code. The contributors are not liable for any loss arising from its use.',
      ],
    },
    {
      heading: "Your organisation's terms",
      paragraphs: [
        'Your use of this installation is governed by the terms of the organisation that runs it and gave you an account. Ask your administrator for them.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You are responsible for what is done with your account. Keep your password secret, sign out on shared computers, and tell your administrator at once if you suspect someone else has used it.',
      ],
    },
    {
      heading: 'Government portals',
      paragraphs: [
        'Filing and e-invoice or e-way bill generation depend on the government GST systems. Their availability, rules and timelines are outside the control of this application.',
      ],
    },
  ],
};

export const PRIVACY_POLICY: Policy = {
  title: 'Privacy Policy',
  sections: [
    {
      heading: 'Who holds your data',
      paragraphs: [
        'This installation is self-hosted: the data lives on servers controlled by the organisation that runs it. The OpenGST contributors do not receive, host or see any of it.',
      ],
    },
    {
      heading: 'What the application holds',
      paragraphs: [
        'User accounts: name, user name, e-mail address, role, a salted hash of the password (never the password itself), and sign-in history used for security and the audit trail.',
        'Business data entered or imported by users: entities and GSTINs, sales and purchase documents, vendors, returns, reconciliations, notices and the files attached to them.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'The browser keeps your session token, your settings and the state of the side menu in local storage so the application works between pages. Signing out clears them.',
        'There is no third-party tracking, advertising or analytics in the application.',
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'Data leaves the installation only when a user asks for it: filing with the GST portal, generating e-invoices and e-way bills, or sending e-mail notifications to vendors.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: ['To see, correct or delete personal data held about you, contact the administrator of this installation.'],
    },
  ],
};
