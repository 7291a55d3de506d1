import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import it_ from '../../public/assets/i18n/it.json';
import { addItalianArticles, saidWithAVowel, withItalianArticle } from './italian-articles';

describe('Italian articles before a number', () => {
  it('knows the numbers said with a vowel: uno, otto…, undici…', () => {
    const vowel = ['1', '8', '11', '80', '85 %', '800', '8.000', '11.000', '8 dic 2026', '11 dic 2026', '80,5%'];
    const consonant = ['0', '2', '7', '10', '12', '18', '100', '108', '110', '1100', '1.234', '110.000', '7 dic 2026'];
    expect(vowel.filter((text) => !saidWithAVowel(text))).toEqual([]);
    expect(consonant.filter((text) => saidWithAVowel(text))).toEqual([]);
    expect(saidWithAVowel('otto')).toBe(false);
  });

  it('elides the article or takes its plural form before one, and leaves the others', () => {
    expect(withItalianArticle('il', '8 dic 2026')).toBe("l'8 dic 2026");
    expect(withItalianArticle('il', '7 dic 2026')).toBe('il 7 dic 2026');
    expect(withItalianArticle('al', '80%')).toBe("all'80%");
    expect(withItalianArticle('al', '93%')).toBe('al 93%');
    expect(withItalianArticle('i', '11')).toBe('gli 11');
    expect(withItalianArticle('i', '248')).toBe('i 248');
    expect(withItalianArticle('dal', '85%')).toBe("dall'85%");
    expect(withItalianArticle('nel', '1%')).toBe("nell'1%");
  });

  it('is what the Italian translations say, through i18next', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'it', resources: { it: { translation: it_ } }, interpolation: { escapeValue: false } });
    addItalianArticles(instance);
    expect(instance.t('projects.created', { date: '8 dic 2026' })).toBe("Creato l'8 dic 2026");
    expect(instance.t('projects.created', { date: '6 dic 2026' })).toBe('Creato il 6 dic 2026');
    expect(instance.t('inbox.markAllDone', { count: 8, formatted: '8' })).toBe('Segna tutti gli 8 come fatti');
    expect(instance.t('inbox.markAllDone', { count: 248, formatted: '248' })).toBe('Segna tutti i 248 come fatti');
  });
});
