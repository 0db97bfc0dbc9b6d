{%- for name, group in salt['pillar.get']('groups', {}) | dictsort %}
group_{{ name }}:
  group.present:
    - name: {{ name }}
    {%- if group.gid is defined %}
    - gid: {{ group.gid }}
    {%- endif %}
    - system: {{ group.get('system', False) }}
{%- endfor %}
