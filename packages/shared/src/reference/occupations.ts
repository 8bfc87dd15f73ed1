import type { Language } from '../messages.ts';

/**
 * The occupations a food and public-health training centre meets most (the sectors of the spec
 * and of Balady: kitchens, restaurants, bakeries, food shops and delivery, laundries, barbers,
 * beauty and body care), named in both languages. A student's occupation stays free text (an
 * Iqama may name any of the thousands of official professions); one of these, stored by its
 * name in either language or by its id, is shown in the reader's language.
 */
export interface Occupation {
  id: string;
  en: string;
  ar: string;
}

const occupation = (id: string, en: string, ar: string): Occupation => ({ id, en, ar });

export const OCCUPATIONS: readonly Occupation[] = [
  occupation('cook', 'Cook', 'طباخ'),
  occupation('chef', 'Chef', 'رئيس طهاة'),
  occupation('kitchen-helper', 'Kitchen helper', 'مساعد طباخ'),
  occupation('food-preparer', 'Food preparation worker', 'عامل تحضير أطعمة'),
  occupation('pastry-chef', 'Pastry chef', 'حلواني'),
  occupation('baker', 'Baker', 'خباز'),
  occupation('butcher', 'Butcher', 'جزار'),
  occupation('fishmonger', 'Fishmonger', 'بائع أسماك'),
  occupation('waiter', 'Waiter', 'نادل'),
  occupation('barista', 'Barista', 'باريستا'),
  occupation('coffee-maker', 'Coffee maker', 'قهوجي'),
  occupation('juice-maker', 'Juice maker', 'معد عصائر'),
  occupation('dishwasher', 'Dishwasher', 'عامل غسيل أوان'),
  occupation('cleaner', 'Cleaner', 'عامل نظافة'),
  occupation('cashier', 'Cashier', 'أمين صندوق'),
  occupation('food-seller', 'Food seller', 'بائع مواد غذائية'),
  occupation('delivery-driver', 'Food delivery driver', 'سائق توصيل طلبات'),
  occupation('restaurant-supervisor', 'Restaurant supervisor', 'مشرف مطعم'),
  occupation('food-inspector', 'Food inspector', 'مراقب أغذية'),
  occupation('laundry-worker', 'Laundry worker', 'عامل مغسلة'),
  occupation('tailor', 'Tailor', 'خياط'),
  occupation('barber', 'Barber', 'حلاق'),
  occupation('hairdresser', 'Hairdresser', 'مصفف شعر'),
  occupation('beautician', 'Beautician', 'أخصائي تجميل'),
  occupation('nail-technician', 'Nail technician', 'فني أظافر'),
  occupation('massage-therapist', 'Massage therapist', 'معالج بالتدليك'),
];

const key = (value: string) => value.trim().toLocaleLowerCase('en');
const BY_KEY = new Map(
  OCCUPATIONS.flatMap((known) => [known.id, known.en, known.ar].map((name) => [key(name), known] as const)),
);

/** The known occupation a stored value names (by id, or by its name in either language, any case). */
export function findOccupation(value: string): Occupation | undefined {
  return BY_KEY.get(key(value));
}

/** A stored occupation as the reader should see it: a known one in their language, any other as typed. */
export function occupationName(value: string, language: Language): string {
  return findOccupation(value)?.[language] ?? value;
}
