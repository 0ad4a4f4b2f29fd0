// Privacy policy and terms of service (public pages /privacy-policy and /terms-of-service).
// Sections render in the order written here; each section has a title and paragraphs p1…pN.
// Not registered in the i18n bundle: the legal pages import it (and the Tamil twin) themselves,
// so these long texts are loaded only with those pages.
export const legal = {
  updated: 'Last updated: {{date}}',
  backHome: 'Back to the home page',
  otherPage: 'Also read',
  contactLine: 'Questions or a deletion request: call {{phone}}.',
  contactLineNoPhone: 'Questions or a deletion request: ask the host of the function, or your wedding hall, to pass it on to us.',
  privacy: {
    title: 'Privacy Policy',
    intro: 'Moi records moi (gift money) at family functions. This policy says what we keep, who can see it, how long we keep it and how to ask for it to be deleted. It covers this website, the Moi app and the counters run with it.',
    sections: {
      keep: {
        title: 'What we keep',
        p1: 'About each gift: the giver’s name, initial or father’s or spouse’s name, village or town, mobile number (only if given), relation to the family, the amount, the payment mode (cash, UPI reference, cheque number and bank, or a description of the item) and any note — with the time, the counter and the staff member who entered it.',
        p2: 'About each function: its title, type, date and venue, the hosts’ names, the thank-you note printed on receipts and the host’s UPI id if provided.',
        p3: 'About people who sign in (hosts, event administrators, counter staff, our administrators): name, username, mobile number, role, profile picture if uploaded, a hashed password (never the password itself) and their sign-in sessions with the device used.',
        p4: 'Sign-up requests taken at a counter: name, mobile number, village, function type, expected date and the plan of interest.',
        p5: 'Technical records that keep entries safe: a device identifier, the queue of entries waiting to be sent, and server request logs (kept for at most 30 days).',
      },
      notDo: {
        title: 'What we do not do',
        p1: 'We do not sell or rent any data, we do not use givers’ details for advertising, and we do not contact givers except to send the receipt the family asked us to send.',
        p2: 'The public pages use no tracking unless the operator has turned on privacy-friendly analytics; analytics only ever sees which page was opened, never gift details.',
      },
      who: {
        title: 'Who can see it',
        p1: 'The function’s owners (the hosts) see every gift of their own functions.',
        p2: 'Event administrators see the functions they run; counter staff see only the counters they are assigned to, while they are assigned.',
        p3: 'Our administrators can see records to provide the service and support. Every change to a gift is kept with who made it and when.',
        p4: 'A giver’s mobile number is used only to send them their receipt by SMS or WhatsApp when the host chooses to.',
        p5: 'We share data with no one else, unless the law requires it.',
      },
      where: {
        title: 'Where it is stored',
        p1: 'On our servers, in a database reached only over encrypted connections (HTTPS); passwords are stored hashed.',
        p2: 'On the counter tablet, in the browser’s storage, so that the counter keeps working without a network. Entries stay there until they reach the server; signing out of the tablet removes its copy.',
      },
      howLong: {
        title: 'How long we keep it',
        p1: 'Gift records are kept as long as the function’s owner keeps the account, because moi is returned at later functions, often years later.',
        p2: 'When the owner asks us to delete a function, its gifts are deleted within 30 days, and from backups within 90 days.',
        p3: 'Gifts deleted as corrections at the counter stay with the function, marked as deleted, so that the record of who changed what stays complete; they go when the function is deleted.',
        p4: 'Accounts not used for 3 years are deleted after notice. Sign-in sessions end after 30 days without use. Sign-up requests are deleted after 1 year if no plan is taken.',
      },
      rights: {
        title: 'Your choices, and how to ask for deletion',
        p1: 'Hosts can view and export their records at any time from the portal, and can ask us to correct or delete them.',
        p2: 'A giver who wants their details corrected or removed can ask the host of the function or contact us directly; we answer within 30 days.',
        p3: 'Counter staff and administrators can change their name and picture on their profile page, and can ask us to delete their account.',
      },
      changes: {
        title: 'Changes to this policy',
        p1: 'If we change this policy we update the date above and tell hosts before the change applies to their records.',
      },
    },
  },
  terms: {
    title: 'Terms of Service',
    intro: 'These terms apply when you use Moi — the website and app for recording moi at family functions — whether you book our Direct Service, run counters as a partner venue, or use the portal.',
    sections: {
      service: {
        title: 'The service',
        p1: 'Moi provides digital counters for recording gifts, receipts, reports and a portal to view them. With the Direct Service our staff run the counters; with the Partnership Service a wedding hall or venue runs them with our software and support.',
      },
      accounts: {
        title: 'Accounts and tablets',
        p1: 'Keep your password to yourself. Counter tablets are shared, so each staff member uses their own PIN and every entry records who made it.',
        p2: 'Tell us at once if a tablet is lost; we can sign it out remotely.',
      },
      records: {
        title: 'Your records',
        p1: 'The records of a function belong to its hosts. We handle them only to provide the service, as the Privacy Policy describes.',
        p2: 'Hosts and venues tell their guests that gifts are recorded digitally, and enter only what the guests give.',
      },
      offline: {
        title: 'Working offline',
        p1: 'Counters keep working without a network and send entries when a connection returns. Do not clear the browser’s data or uninstall the app on a counter tablet while it shows entries waiting to be sent: they would be lost with the tablet’s storage.',
      },
      payment: {
        title: 'Plans and payment',
        p1: 'Smart Track costs ₹999 per event; Partner Track costs ₹1500 per month. What each plan includes is on the price list.',
        p2: 'Online payments are handled by our payment provider (Razorpay); we never see or store card details.',
        p3: 'Cancellations and refunds are agreed when you book; ask us before paying if you are unsure.',
      },
      use: {
        title: 'Fair use',
        p1: 'Do not use Moi to record anything unlawful, to enter other people’s details without reason, or to try to reach records that are not yours.',
      },
      availability: {
        title: 'Availability and support',
        p1: 'We aim to keep the service available at all times and offer support 24/7. Counters do not depend on the network; reports, messages and the portal need one.',
      },
      responsibility: {
        title: 'Responsibility',
        p1: 'We take great care to record every gift exactly. Cash, cheques and items stay in the hands of the host or the counter. As far as the law allows, our responsibility is limited to the amount paid for the service for that function or month.',
      },
      law: {
        title: 'Law',
        p1: 'These terms are governed by the laws of India.',
      },
      changes: {
        title: 'Changes',
        p1: 'When these terms change we update the date above and tell existing customers before the change applies to them.',
      },
    },
  },
};
