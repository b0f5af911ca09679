import '@mantine/carousel/styles.css';
import { useRef } from 'react';
import { Carousel } from '@mantine/carousel';
import { Stack, Text } from '@mantine/core';
import Autoplay from 'embla-carousel-autoplay';
import { useText } from '../../i18n/useText';

/** Spec core §2: the login layout's carousel has one slide, autoplays and shows dots. */
export const LoginCarousel = () => {
  const t = useText();
  const autoplay = useRef(Autoplay({ delay: 6000, stopOnInteraction: false }));
  return (
    <Carousel
      withIndicators
      withControls={false}
      emblaOptions={{ loop: true }}
      plugins={[autoplay.current]}
      styles={{ indicators: { bottom: -8, justifyContent: 'flex-start' }, indicator: { backgroundColor: 'var(--mantine-color-indigo-7)' } }}
      aria-label="About OpenGST"
    >
      <Carousel.Slide>
        <Stack gap="sm" pb="lg">
          <Text size="md" lh={1.6}>
            {t('carousel.statement')}
          </Text>
          <Text size="sm" c="dimmed" lh={1.6}>
            {t('carousel.selfHosted')}
          </Text>
        </Stack>
      </Carousel.Slide>
    </Carousel>
  );
};
