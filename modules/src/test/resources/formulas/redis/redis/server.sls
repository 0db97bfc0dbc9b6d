{%- from "redis/map.jinja" import redis with context %}

include:
  - .common

{%- for key, value in redis.sysctl.items() %}
redis-sysctl-{{ key }}:
  sysctl.present:
    - name: {{ key }}
    - value: {{ value }}
    - config: {{ redis.sysctl_config }}
{%- endfor %}

redis-config:
  file.managed:
    - name: {{ redis.conf }}
    - source: salt://redis/files/redis.conf.jinja
    - template: jinja
    - makedirs: True
    - user: root
    - group: {{ redis.group }}
    - mode: '0640'
    - defaults:
        config: {{ redis.config | json }}
        home: {{ redis.home }}
    - require:
      - pkg: redis-pkg
      - group: redis-group

redis-ulimit:
  file.line:
    - name: {{ redis.default_file }}
    - content: ULIMIT={{ redis.ulimit }}
    - match: ^#? *ULIMIT=
    - mode: replace
    - require:
      - pkg: redis-pkg

redis-service:
  service.running:
    - name: {{ redis.svc }}
    - enable: True
    - watch:
      - file: redis-config
      - file: redis-ulimit
    - require:
      - file: redis-home
