import type { Perspective } from '../contract';

/**
 * Each perspective's own voice. No sentence here names a talking point's category or any other
 * text an admin typed, nor speaks of the points at all: the admin's talking points are carried
 * whole, together, as their own sentences, and these sentences say who writes and why it matters
 * to them.
 *
 * Every framing sentence is built from two choices, one of them this perspective's own (who they
 * are, a reason, a reflection, a listener) and one from a shared list: two perspectives never
 * share a framing sentence, and two writers of one perspective share one only when both choices
 * meet (about one chance in twenty per sentence, not one in four).
 *
 * The words avoid those spelled differently in US and British English (neighbor, center, favor,
 * program, organize...): the talking points are the organiser's, in their spelling, and the
 * framing must not set "neighbors" beside their "neighbourhoods". Plain ASCII punctuation only.
 */
export interface Voice {
  /** Who is writing, from where; completed by ', and ' and an ask. */
  introductions: readonly ((city: string) => string)[];
  /** Why it matters to them, after a MOTIVE_LEADS 'because'. */
  motives: readonly string[];
  /** A general thought of theirs, lower case, after a REFLECTION_LEADS opener. */
  reflections: readonly string[];
  /** For whom they ask, after a STAKE_LEADS opener: 'I ask this' + ' for the children growing up in Springfield.' */
  stakes: readonly ((city: string) => string)[];
  /** Whom the thanks name, after a HEARING_VERBS phrase: 'Thank you for your time, and for hearing from' + 'a parent'. */
  listeners: readonly string[];
}

/** Opens the second sentence: 'This matters to me because' + a motive. */
export const MOTIVE_LEADS = [
  'This matters to me because',
  'I am speaking up because',
  'I care about this because',
  'I am taking the time to write because',
  'I could not stay silent because',
  'I am writing today because',
  'It matters to me because',
] as const;

/** Opens a reflection: 'Put simply,' + 'children notice what their community chooses to protect.' */
export const REFLECTION_LEADS = [
  'In the end,',
  'To me,',
  'Put simply,',
  'I have come to believe that',
  'I have learned that',
  'As I see it,',
  'I believe that',
  'It seems to me that',
  'Experience tells me that',
] as const;

/** Opens the sentence that says for whom the writer asks: 'I ask this' + ' for the children growing up in Springfield.' */
export const STAKE_LEADS = ['I ask this', 'I make this request', 'I write', 'I speak up', 'I raise my voice', 'I add my name'] as const;

/**
 * The ask, completing an introduction after ', and ': the body's name and what the campaign asks of
 * it ('protect Riverside Park from rezoning'). The ask is the one sentence every letter of a campaign
 * shares in substance; its wordings vary so it is not one sentence word for word either.
 */
export const ASKS: readonly ((body: string, action: string) => string)[] = [
  (body, action) => `I ask the ${body} to ${action}`,
  (body, action) => `I am writing to ask the ${body} to ${action}`,
  (body, action) => `I urge the ${body} to ${action}`,
  (body, action) => `I respectfully ask the ${body} to ${action}`,
  (body, action) => `I call on the ${body} to ${action}`,
  (body, action) => `I hope the ${body} will ${action}`,
  (_body, action) => `I ask that you ${action}`,
  (body, action) => `I encourage the ${body} to ${action}`,
];

/** How the thanks name the writer: 'and for hearing from' + a listener. */
export const HEARING_VERBS = ['hearing from', 'listening to', 'giving a hearing to', 'weighing the views of', 'considering the views of'] as const;

/** The thanks, completed by a hearing. */
export const THANKS = [
  'Thank you for your time',
  'Thank you for reading my letter',
  'Thank you for your service to our community',
  'Thank you for the care you give to public comments',
  'Thank you for the attention you give this letter',
  'Thank you for your work on this decision',
] as const;

/** The sign-offs a letter may close with (the line after the body). */
export const CLOSINGS = ['Sincerely,', 'Respectfully,'] as const;

export const VOICES: Record<Perspective, Voice> = {
  landowner: {
    introductions: [
      (city) => `I own land in ${city}`,
      (city) => `I am a landowner in ${city} who plans in decades, not seasons`,
      (city) => `My family owns land in ${city}`,
      (city) => `As a landowner in ${city}, I have a long-term stake in how our community grows`,
      (city) => `I hold land in ${city} and expect to for many years`,
    ],
    motives: [
      'land-use decisions made now shape what every parcel around mine can become',
      'the choice before you will follow this land for generations',
      'few decisions last as long as the ones made about land',
      'owning land teaches the long view, and this decision needs it',
      'what you decide will stay on the map long after this meeting',
    ],
    reflections: [
      'land is slow to recover from a hasty decision',
      'good stewardship means thinking past the next budget cycle',
      'the value of land here depends on a community that plans with care',
      'decisions about land are among the longest-lasting a community makes',
    ],
    stakes: [
      (city) => `for those of us who own and care for land in ${city}`,
      (city) => `so that land in ${city} is still well used by the next generation`,
      (city) => `with the long-term future of land in ${city} in mind`,
      (city) => `for the land and the people of ${city}`,
    ],
    listeners: ['a landowner', 'those of us who hold land here', 'someone who plans in decades', 'the people who care for land here'],
  },
  educator: {
    introductions: [
      (city) => `I am an educator in ${city}`,
      (city) => `I teach in ${city}`,
      (city) => `As a teacher in ${city}, I spend my days with the young people this decision will affect`,
      (city) => `I work with students in ${city}`,
      (city) => `I write to you as an educator in ${city}`,
    ],
    motives: [
      'my students will inherit what is decided here',
      'young people learn from how their community makes choices like this one',
      'decisions like this one reach classrooms long before they show up in a report',
      'I want my students to grow up in a community that planned well for them',
      'I see every day how local decisions reach my students',
    ],
    reflections: [
      'students notice when adults plan for their future',
      'what a community builds is a lesson its children remember',
      'every choice like this one teaches young people what we value',
      'good schools depend on a good community around them',
    ],
    stakes: [
      (city) => `for the students I teach in ${city}`,
      (city) => `so that the young people of ${city} see their community invest in them`,
      (city) => `for the next generation of learners in ${city}`,
      (city) => `with the students of ${city} in mind`,
    ],
    listeners: ['an educator', 'a teacher', 'the people who teach in this community', 'someone who works with students every day'],
  },
  homeowner: {
    introductions: [
      (city) => `I am a homeowner in ${city}`,
      (city) => `I own my home in ${city} and plan to stay for many years`,
      (city) => `As a homeowner in ${city}, I have put my savings and my roots into this community`,
      (city) => `I write to you as a homeowner in ${city}`,
      (city) => `My home is in ${city}, on a street this decision will shape`,
    ],
    motives: [
      'my home holds my savings, my roots and my plans for the future',
      'the outcome of this decision will become part of the place I call home',
      'the long-term health of our community, our property values and our quality of life are at stake',
      'we live with decisions like this one for as long as we stay in our homes',
      'what is decided here will shape the street I live on',
    ],
    reflections: [
      'a home is a long commitment, and so is a decision like this',
      'people buy homes here because they trust the community to plan with care',
      'what makes a street a good place to live is decided in rooms like yours',
      'a community that plans well keeps its homes worth living in',
    ],
    stakes: [
      (city) => `for the families who have bought homes in ${city}`,
      (city) => `so that people who have invested in homes in ${city} can keep building their lives here`,
      (city) => `for the streets and homes of ${city}`,
      (city) => `with the people who own homes in ${city} in mind`,
    ],
    listeners: ['a homeowner', 'those of us who have put down roots here', 'the people who own homes here', 'someone who plans to stay'],
  },
  parent: {
    introductions: [
      (city) => `I am a parent raising my children in ${city}`,
      (city) => `I write to you as a parent in ${city}`,
      (city) => `My children are growing up in ${city}`,
      (city) => `As a parent in ${city}, I weigh every local decision by what it will mean for my kids`,
      (city) => `I am raising a family in ${city}`,
    ],
    motives: [
      'this decision will shape the community my children grow up in',
      'I want my children to inherit a place that was planned with care',
      'my family will live with the outcome of this decision for years',
      'families like mine feel the results of decisions like this one every day',
      'children have no vote, and someone has to speak up for them',
    ],
    reflections: [
      'children notice what their community chooses to protect',
      'a town that plans for its kids plans well for everyone',
      'the places children grow up in shape who they become',
      'families stay where they feel heard',
    ],
    stakes: [
      (city) => `for the children growing up in ${city}`,
      (city) => `so that families like mine can keep raising children in ${city}`,
      (city) => `for the kids of ${city}`,
      (city) => `with the families of ${city} in mind`,
    ],
    listeners: ['a parent', 'families like mine', 'the parents of this community', 'someone raising children here'],
  },
  business_owner: {
    introductions: [
      (city) => `I run a business in ${city}`,
      (city) => `As a business owner in ${city}, I know how much our local economy depends on decisions like this one`,
      (city) => `I own and operate a business in ${city}`,
      (city) => `I write to you as a business owner in ${city}`,
      (city) => `I make my living running a business in ${city}`,
    ],
    motives: [
      'my customers, the people who work with me and I all have a stake in this decision',
      'every day I see how local policy reaches our storefronts and payrolls',
      'businesses like mine do well when the community around them does',
      'a healthy local economy starts with decisions like the one before you',
      'I see how local decisions reach customers and workers',
    ],
    reflections: [
      'customers and workers choose places that plan well',
      'good decisions now are the best kind of investment in our local economy',
      'a business is only as strong as the community around it',
      'a thriving town and a thriving main street go together',
    ],
    stakes: [
      (city) => `for the businesses and workers of ${city}`,
      (city) => `so that local businesses in ${city} can keep growing`,
      (city) => `for the local economy of ${city}`,
      (city) => `with the businesses of ${city} in mind`,
    ],
    listeners: ['a business owner', 'the local business community', 'someone who runs a business here', 'the businesses this decision will touch'],
  },
  student: {
    introductions: [
      (city) => `I am a student in ${city}`,
      (city) => `I study in ${city} and hope to stay after I graduate`,
      (city) => `As a student living in ${city}, I am at the start of my life here`,
      (city) => `I write to you as a student in ${city}`,
      (city) => `I am a young person studying in ${city}`,
    ],
    motives: [
      'the decisions made now will shape the community my generation inherits',
      'I want to build my future in this community, and this decision is part of that future',
      'your decision will help decide whether people my age can build our lives here',
      'young people will live longest with what is decided here',
      'my generation rarely gets asked, and I want to be heard',
    ],
    reflections: [
      'my generation is watching how this community plans for us',
      'young people stay where they feel their future is taken seriously',
      'the choices made now are the ones my generation will live with longest',
      'a town that plans for young people gives them a reason to stay',
    ],
    stakes: [
      (city) => `for the young people of ${city}`,
      (city) => `so that my generation can build its future in ${city}`,
      (city) => `with the young people of ${city} in mind`,
      (city) => `for the next generation of ${city}`,
    ],
    listeners: ['a student', 'young people like me', 'the generation that will live with this decision', 'someone just starting out here'],
  },
  retiree: {
    introductions: [
      (city) => `I am retired and live in ${city}`,
      (city) => `As a retired resident of ${city}, I have watched our community change over the years`,
      (city) => `I retired in ${city} because of what this community offers`,
      (city) => `I write to you as a retiree in ${city}`,
      (city) => `I have spent my retirement in ${city}`,
    ],
    motives: [
      'I helped build this community, and I want the next generation to inherit it in good shape',
      'I now have the time to follow the decisions that shape this place',
      'I bring the experience of many years, and the next generation is on my mind',
      'decisions like this one outlast all of us',
      'I have seen how much decisions like this one matter over time',
    ],
    reflections: [
      'the effects of a decision like this can last a lifetime',
      'a community is judged by what it leaves to those who come after',
      'the best decisions a town makes are the ones made with patience',
      'every generation owes the next a place worth inheriting',
    ],
    stakes: [
      (city) => `for the longtime residents of ${city}`,
      (city) => `so that ${city} remains a good place to grow old`,
      (city) => `for every generation in ${city}`,
      (city) => `with the older residents of ${city} in mind`,
    ],
    listeners: ['a retiree', 'a longtime resident', 'older residents', 'someone who has seen this community change'],
  },
  healthcare_worker: {
    introductions: [
      (city) => `I am a healthcare worker in ${city}`,
      (city) => `As a healthcare worker serving ${city}, I know that health is shaped far outside the clinic`,
      (city) => `I work in healthcare in ${city}`,
      (city) => `I write to you as a healthcare worker in ${city}`,
      (city) => `I care for patients in ${city}`,
    ],
    motives: [
      'my patients live with the results of decisions like this one',
      'health is made in our streets, our air and our public spaces as much as in any clinic',
      'what you decide here will show up, sooner or later, in the health of the people I care for',
      'I see the human side of local decisions every day',
      "I see how the conditions of our community show up in people's health",
    ],
    reflections: [
      'prevention is always cheaper, and kinder, than treatment',
      'a healthy community is built one decision at a time',
      'the people who most need a healthy community are often the least heard',
      'health starts long before anyone walks into a clinic',
    ],
    stakes: [
      (city) => `for the health of everyone in ${city}`,
      (city) => `so that the people of ${city} can live healthier lives`,
      (city) => `for the patients and families of ${city}`,
      (city) => `with the health of ${city} in mind`,
    ],
    listeners: ['a healthcare worker', 'someone who cares for patients here', 'the people who look after our health', 'those of us who work in healthcare'],
  },
  veteran: {
    introductions: [
      (city) => `I am a veteran and a resident of ${city}`,
      (city) => `As a veteran living in ${city}, I still believe in service to the community I call home`,
      (city) => `I served in uniform and now live in ${city}`,
      (city) => `I write to you as a veteran who lives in ${city}`,
      (city) => `I am a veteran who calls ${city} home`,
    ],
    motives: [
      'I served to protect communities like this one',
      'speaking up on decisions like this one is a form of service too',
      'I learned in the service that good outcomes depend on planning ahead',
      'those of us who served, and our families, live with local decisions like everyone else',
      'I still believe in showing up for the community I call home',
    ],
    reflections: [
      'a community is only as strong as its commitments',
      'looking after a community means planning for those who come after us',
      'careful planning is a form of service',
      'duty to a community does not end with a uniform',
    ],
    stakes: [
      (city) => `for the families of ${city} who have served`,
      (city) => `in the spirit of service that so many in ${city} share`,
      (city) => `for all who have served and now live in ${city}`,
      (city) => `with those from ${city} who served in mind`,
    ],
    listeners: ['a veteran', 'those of us who served', 'someone who served', 'the veterans of this community'],
  },
  community_member: {
    introductions: [
      (city) => `I live in ${city}`,
      (city) => `As a member of the ${city} community, I care about the decisions that shape our daily lives`,
      (city) => `I am a resident of ${city}`,
      (city) => `I write to you as a resident of ${city}`,
      (city) => `I have made my home in ${city}`,
    ],
    motives: [
      'this decision is one of those that shape our daily lives',
      'the people who live here and the place we share matter deeply to me',
      'what you decide will be felt on every street in town',
      'decisions like this one shape the place we all share',
      'the people who live here deserve a say in what happens to it',
    ],
    reflections: [
      'a place like ours is shaped by decisions like this one',
      'the people who live here are the ones who will live with this decision',
      'good decisions start with listening to the people they affect',
      'a community is stronger when its residents speak up',
    ],
    stakes: [
      (city) => `for everyone who calls ${city} home`,
      (city) => `so that ${city} stays a place where people look out for one another`,
      (city) => `for the whole community of ${city}`,
      (city) => `with all the residents of ${city} in mind`,
    ],
    listeners: ['a resident', 'the people who live here', 'an ordinary member of this community', 'someone who lives here'],
  },
};
