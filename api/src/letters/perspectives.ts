import type { Perspective } from '../contract';

/**
 * Each perspective's own voice: how it opens (who the writer is, where they live, what is at stake
 * for them), how it leads into each talking point, and on whose behalf it makes the request.
 * Several variants each, chosen by a hash of the letter's inputs, so that two supporters rarely
 * send the same words; every variant names the writer's city and stays short enough for the
 * letter to fit one printed page.
 */
export interface Voice {
  openings: readonly ((city: string) => string)[];
  /**
   * `topic` is the talking point's category as it reads mid-sentence ('public safety', 'parks').
   * It is always an object, never a subject, so singular and plural categories both read right.
   */
  leadIns: readonly ((topic: string, city: string) => string)[];
  /** Completes "I respectfully ask the Council to save the park, ..." */
  stakes: readonly ((city: string) => string)[];
}

export const VOICES: Record<Perspective, Voice> = {
  landowner: {
    openings: [
      (city) =>
        `I own land in ${city}, and I plan for decades, not seasons. Land-use decisions made now will shape what my property and my neighbors' can become.`,
      (city) =>
        `As a landowner in ${city}, I have a long-term stake in how our community grows and what it protects. I ask you to weigh this item with that long view.`,
      (city) =>
        `My family owns land in ${city}, and the choices you make on this item will follow that land for generations. I write to share how it looks from the ground we care for.`,
    ],
    leadIns: [
      (topic) => `As someone who owns land here, I look closely at ${topic}.`,
      (topic) => `From a landowner's point of view, I give careful weight to ${topic}.`,
      (topic, city) => `Owning land in ${city} has taught me to pay attention to ${topic}.`,
      (topic) => `Those of us who hold land for the long term think hard about ${topic}.`,
    ],
    stakes: [
      (city) => `for those of us who own and care for land in ${city}`,
      (city) => `so that land in ${city} is still well used by the next generation`,
    ],
  },
  educator: {
    openings: [
      (city) =>
        `I am an educator in ${city}, and every day I see how decisions like this one reach my students and their families. I write to share what I see from the classroom.`,
      (city) =>
        `As a teacher in ${city}, I spend my days preparing young people for the community you are shaping. This item matters to them, and so it matters to me.`,
      (city) =>
        `I teach in ${city}, where my students will inherit what is decided on this item. I write as an educator who wants them to grow up in a community that planned well.`,
    ],
    leadIns: [
      (topic) => `In my classroom, I see the effects of ${topic} up close.`,
      (topic) => `As an educator, I think about ${topic} and the lessons our choices teach young people.`,
      (topic) => `My students and their families feel the effects of ${topic} long before they show up in a report.`,
      (topic, city) => `Teaching in ${city} has shown me how much depends on ${topic}.`,
    ],
    stakes: [
      (city) => `for the students I teach in ${city}`,
      (city) => `so that the young people of ${city} see their community invest in them`,
    ],
  },
  homeowner: {
    openings: [
      (city) =>
        `I am a homeowner in ${city}, and this item will shape the neighborhood I have invested in. My home holds my savings, my roots and my plans for the future.`,
      (city) =>
        `As a homeowner in ${city}, I care about the long-term health of our neighborhoods, our property values and our quality of life. This item touches all three.`,
      (city) =>
        `I own my home in ${city} and plan to stay for many years. The outcome of this item will become part of the street I live on and the community I call home.`,
    ],
    leadIns: [
      (topic) => `As a homeowner, I pay close attention to ${topic}.`,
      (topic, city) => `For those of us who have put down roots in ${city}, decisions about ${topic} are a daily reality.`,
      (topic) => `When I think about my own street, I think about ${topic}.`,
      (topic) => `Owning a home here means decisions on ${topic} affect my household directly.`,
    ],
    stakes: [
      (city) => `for the homeowners and neighborhoods of ${city}`,
      (city) => `so that people who have invested in homes in ${city} can keep building their lives here`,
    ],
  },
  parent: {
    openings: [
      (city) =>
        `I am a parent raising my children in ${city}, and this item will shape the community they grow up in. I want them to inherit a place we planned well for.`,
      (city) =>
        `As a parent in ${city}, I weigh every local decision by what it means for my kids. This item is one my family will live with for years.`,
      (city) =>
        `My children are growing up in ${city}, and I write to you as their parent. Your choice on this item will shape the streets, parks and schools that fill their days.`,
    ],
    leadIns: [
      (topic) => `As a parent, I think first about ${topic}.`,
      (topic, city) => `When I picture my kids growing up in ${city}, I think about ${topic}.`,
      (topic) => `Families like mine feel the effects of ${topic} every day.`,
      (topic) => `Raising children here has taught me to care about ${topic}.`,
    ],
    stakes: [
      (city) => `for the children growing up in ${city}`,
      (city) => `so that families like mine can keep raising children in ${city}`,
    ],
  },
  business_owner: {
    openings: [
      (city) =>
        `I run a small business in ${city}, and this item affects my customers, my employees and the local economy we all depend on.`,
      (city) =>
        `As a business owner in ${city}, I know how much our local economy depends on decisions like this one. My employees, my customers and I all have a stake in it.`,
      (city) =>
        `I own and operate a business in ${city}. Every day I see how local policy reaches our storefronts and payrolls, and this item will reach them too.`,
    ],
    leadIns: [
      (topic) => `Running a business here, I watch ${topic} closely.`,
      (topic) => `From where I sit as a business owner, I see ${topic} as a bottom-line question.`,
      (topic) => `My customers and employees feel the effects of ${topic} directly.`,
      (topic) => `Local businesses like mine depend on getting decisions about ${topic} right.`,
    ],
    stakes: [
      (city) => `for the businesses and workers of ${city}`,
      (city) => `so that local businesses in ${city} can keep growing and hiring`,
    ],
  },
  student: {
    openings: [
      (city) =>
        `I am a student in ${city}, and the decisions made on this item will shape the community my generation inherits.`,
      (city) =>
        `As a student living in ${city}, I am at the start of my life here, and I want to build my future in this community. This item is part of that future.`,
      (city) =>
        `I study in ${city} and hope to stay after I graduate. Your decision on this item will help decide whether people my age can build our lives here.`,
    ],
    leadIns: [
      (topic) => `As a student, I see ${topic} through the eyes of my generation.`,
      (topic, city) => `Young people in ${city} will live longest with the decisions made about ${topic}.`,
      (topic) => `My classmates and I talk about ${topic} more than you might expect.`,
      (topic) => `For students here, decisions about ${topic} shape whether we stay after we graduate.`,
    ],
    stakes: [
      (city) => `for the students and young people of ${city}`,
      (city) => `so that my generation can build its future in ${city}`,
    ],
  },
  retiree: {
    openings: [
      (city) =>
        `I am a retiree who has called ${city} home for many years, and I care about the community I helped build.`,
      (city) =>
        `As a retired resident of ${city}, I have watched our community change over the decades. I write with that experience, and with the next generation in mind.`,
      (city) =>
        `I retired in ${city} because of what this community offers, and I now have the time to follow the decisions that shape it. This item is one I care about.`,
    ],
    leadIns: [
      (topic, city) => `Over my years in ${city}, I have learned to care about ${topic}.`,
      (topic) => `As a retiree, I weigh ${topic} with the long view that the years have given me.`,
      (topic) => `Having watched this community for decades, I see ${topic} as a lasting question.`,
      (topic) => `In retirement, I have come to value ${topic} even more.`,
    ],
    stakes: [
      (city) => `for the longtime residents and retirees of ${city}`,
      (city) => `so that ${city} remains a good place to grow old`,
    ],
  },
  healthcare_worker: {
    openings: [
      (city) =>
        `I am a healthcare worker in ${city}, and I see every day how the conditions of our community show up in the health of the people I care for.`,
      (city) =>
        `As a healthcare worker serving ${city}, I know that health is shaped far outside the clinic: in our streets, our air and our neighborhoods.`,
      (city) =>
        `I work in healthcare in ${city}, and my patients live with the results of decisions like this one. I write to share what I see at work.`,
    ],
    leadIns: [
      (topic) => `In my work in healthcare, I see the effects of ${topic} firsthand.`,
      (topic) => `As a healthcare worker, I see ${topic} as a public health question too.`,
      (topic) => `My patients feel the effects of ${topic} in ways that rarely reach the agenda.`,
      (topic) => `From the clinic, I see ${topic} as a matter of health and safety.`,
    ],
    stakes: [
      (city) => `for the health of everyone in ${city}`,
      (city) => `so that the people of ${city} can live healthier lives`,
    ],
  },
  veteran: {
    openings: [
      (city) =>
        `I am a veteran and a resident of ${city}. I served to protect communities like this one, and I care about how ours is shaped.`,
      (city) =>
        `As a veteran living in ${city}, I still believe in service to the community I call home. Speaking up on this item is part of that service.`,
      (city) =>
        `I served in uniform, and today I serve ${city} as a resident who shows up. I write to you about this item in that spirit.`,
    ],
    leadIns: [
      (topic) => `My service taught me to take ${topic} seriously.`,
      (topic) => `As a veteran, I look at ${topic} with a sense of duty to my neighbors.`,
      (topic, city) => `Veterans in ${city} and our families feel the effects of ${topic} too.`,
      (topic) => `I learned in the service that getting ${topic} right depends on planning ahead.`,
    ],
    stakes: [
      (city) => `for the veterans, families and neighbors of ${city}`,
      (city) => `in the spirit of service that so many in ${city} share`,
    ],
  },
  community_member: {
    openings: [
      (city) =>
        `I am a resident of ${city}, and this item will shape the community my neighbors and I share.`,
      (city) =>
        `As a member of the ${city} community, I care about the decisions that shape our daily lives, and this item is one of them.`,
      (city) =>
        `I live in ${city} and care deeply about my neighbors and the place we share. I ask you to weigh this item with all of us in mind.`,
    ],
    leadIns: [
      (topic) => `As a resident, I care about ${topic}.`,
      (topic) => `My neighbors and I feel the effects of ${topic} in our everyday lives.`,
      (topic, city) => `Living in ${city}, I see ${topic} up close.`,
      (topic) => `For our community, decisions about ${topic} are anything but abstract.`,
    ],
    stakes: [
      (city) => `for everyone who calls ${city} home`,
      (city) => `so that ${city} stays a place where neighbors look out for one another`,
    ],
  },
};
